import { useMutation } from '@tanstack/react-query';
import { employerSignupResultSchema, type EmployerSignupInput, type EmployerSignupResult } from '@shared/schemas/employer-signup.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/employer-signup: creates the unconfirmed account; the confirmation link comes by email. */
export function signUpEmployer(input: EmployerSignupInput): Promise<EmployerSignupResult> {
  return api('/api/employer-signup', { method: 'POST', body: input, schema: employerSignupResultSchema });
}

export function useSignUpEmployer() {
  return useMutation({ mutationFn: signUpEmployer });
}
