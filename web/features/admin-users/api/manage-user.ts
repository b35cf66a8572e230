import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser } from '@shared/schemas/admin-console.ts';
import type { Role } from '@shared/options.ts';
import { api } from '@web/lib/api-client.ts';
import { adminUsersQueryKey } from './get-users.ts';

const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

/** PATCH /api/admin/users/:userId/role */
export function changeUserRole({ userId, role }: { userId: string; role: Role }): Promise<AdminUser> {
  return api(`${userPath(userId)}/role`, { method: 'PATCH', body: { role }, schema: adminUserSchema });
}

/** POST /api/admin/users/:userId/suspend (ends every session of the user) or /restore. */
export function setUserSuspended({ userId, suspended }: { userId: string; suspended: boolean }): Promise<AdminUser> {
  return api(`${userPath(userId)}/${suspended ? 'suspend' : 'restore'}`, { method: 'POST', schema: adminUserSchema });
}

/** After any change the lists and the audit log are stale (the audit log lives under ['admin', 'audit-logs']). */
function useInvalidateAdminLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }), queryClient.invalidateQueries({ queryKey: ['admin', 'audit-logs'] })]);
}

export function useChangeUserRole() {
  const invalidate = useInvalidateAdminLists();
  return useMutation({ mutationFn: changeUserRole, onSettled: invalidate });
}

export function useSetUserSuspended() {
  const invalidate = useInvalidateAdminLists();
  return useMutation({ mutationFn: setUserSuspended, onSettled: invalidate });
}

/** POST /api/admin/users/:userId/reset-mfa: removes the user's second factors and recovery codes and signs them out (issue 33, A7). */
export function resetUserMfa({ userId, reason }: { userId: string; reason: string }): Promise<AdminUser> {
  return api(`${userPath(userId)}/reset-mfa`, { method: 'POST', body: { reason }, schema: adminUserSchema });
}

export function useResetUserMfa() {
  const invalidate = useInvalidateAdminLists();
  return useMutation({ mutationFn: resetUserMfa, onSettled: invalidate });
}
