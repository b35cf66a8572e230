import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPageSchema, type AdminUsersPage } from '@shared/schemas/admin-console.ts';
import type { Role } from '@shared/options.ts';
import { api } from '@web/lib/api-client.ts';

export interface UsersFilter {
  search: string;
  role: Role | '';
  page: number;
}

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** GET /api/admin/users: a page of users (25), newest first, with the total. */
export function getUsers({ search, role, page }: UsersFilter, signal?: AbortSignal): Promise<AdminUsersPage> {
  const params = new URLSearchParams({ page: String(page) });
  if (search.trim()) params.set('search', search.trim());
  if (role) params.set('role', role);
  return api(`/api/admin/users?${params.toString()}`, { schema: adminUsersPageSchema, signal });
}

export function usersQueryOptions(filter: UsersFilter) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, filter],
    queryFn: ({ signal }) => getUsers(filter, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQueryOptions(filter));
}
