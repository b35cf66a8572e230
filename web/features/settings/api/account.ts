import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSchema,
  accountSessionListSchema,
  confirmEmailResultSchema,
  signedOutSchema,
  type Account,
  type ChangeEmailInput,
  type ChangeNameInput,
  type ChangePasswordInput,
  type ConfirmEmailResult,
} from '@shared/schemas/account.ts';
import { api } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';

const accountKey = ['settings', 'account'] as const;
const sessionsKey = ['settings', 'account', 'sessions'] as const;

/** GET /api/account: name, address, whether a password is set, a pending email change. */
export const useAccount = () => useQuery({ queryKey: accountKey, queryFn: () => api('/api/account', { schema: accountSchema }) });

export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangeNameInput) => api('/api/account/name', { method: 'PATCH', body: values, schema: accountSchema }),
    onSuccess: (account) => {
      queryClient.setQueryData<Account>(accountKey, account);
      // The header and the account menu show the name.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePasswordInput) => api('/api/account/password', { method: 'POST', body: values, schema: signedOutSchema }),
    // The other sessions ended.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangeEmailInput) => api('/api/account/email', { method: 'POST', body: values, schema: accountSchema }),
    onSuccess: (account) => queryClient.setQueryData<Account>(accountKey, account),
  });
}

/** GET /api/account/sessions: this device first. */
export const useSessions = () => useQuery({ queryKey: sessionsKey, queryFn: async () => (await api('/api/account/sessions', { schema: accountSessionListSchema })).sessions });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api(`/api/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/account/sessions/sign-out-others', { method: 'POST', schema: signedOutSchema }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** POST /api/account/email/confirm: the token travels in the body, read from the link's #fragment. */
export const confirmEmailChange = (token: string): Promise<ConfirmEmailResult> => api('/api/account/email/confirm', { method: 'POST', body: { token }, schema: confirmEmailResultSchema });
