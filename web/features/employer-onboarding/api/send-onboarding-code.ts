import { useMutation } from '@tanstack/react-query';
import { sendOnboardingCodeResultSchema, type SendOnboardingCodeInput, type SendOnboardingCodeResult } from '@shared/schemas/employer-onboarding.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/employer-onboarding/send-code: emails a 6-digit code to the work email. */
export function sendOnboardingCode(input: SendOnboardingCodeInput): Promise<SendOnboardingCodeResult> {
  return api('/api/employer-onboarding/send-code', { method: 'POST', body: input, schema: sendOnboardingCodeResultSchema });
}

export function useSendOnboardingCode() {
  return useMutation({ mutationFn: sendOnboardingCode });
}
