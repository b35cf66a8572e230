import { useMutation } from '@tanstack/react-query';
import { joinWaitlistResultSchema, type JoinWaitlistInput } from '@shared/schemas/waitlist.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/waitlist: the same answer for a first and a repeated sign-up. */
export function joinWaitlist(input: JoinWaitlistInput) {
  return api('/api/waitlist', { method: 'POST', body: input, schema: joinWaitlistResultSchema });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
