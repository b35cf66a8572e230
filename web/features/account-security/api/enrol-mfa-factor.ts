import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrolledFactorSchema, type EnrolFactorInput, type EnrolledFactor } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';
import { mfaFactorsQueryKey } from './get-mfa-factors.ts';

/**
 * POST /api/mfa/factors: adds an unverified factor (the password is asked again, ASVS 7.5.1). A
 * TOTP answer carries the secret and its otpauth:// URI this once, for the QR code.
 */
export function enrolMfaFactor(input: EnrolFactorInput): Promise<EnrolledFactor> {
  return api('/api/mfa/factors', { method: 'POST', body: input, schema: enrolledFactorSchema });
}

export function useEnrolMfaFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolMfaFactor,
    // The new factor shows in the list as "Not finished" until a code from it is verified.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaFactorsQueryKey }),
  });
}
