import { useMutation } from '@tanstack/react-query';
import type { JoinWaitlistInput, JoinWaitlistResult } from '@shared/schemas/waitlist.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/waitlist: the same answer for a first and a repeated sign-up (typed, not parsed: the landing loads no zod). */
export function joinWaitlist(input: JoinWaitlistInput) {
  return api<JoinWaitlistResult>('/api/waitlist', { method: 'POST', body: input });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
