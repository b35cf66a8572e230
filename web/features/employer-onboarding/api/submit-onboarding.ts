import { useMutation } from '@tanstack/react-query';
import { employerOnboardingResultSchema, type EmployerOnboardingResult, type EmployerOnboardingValues } from '@shared/schemas/employer-onboarding.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/employer-onboarding: saves the wizard once the emailed code matches. */
export function submitOnboarding(values: EmployerOnboardingValues): Promise<EmployerOnboardingResult> {
  return api('/api/employer-onboarding', { method: 'POST', body: values, schema: employerOnboardingResultSchema });
}

export function useSubmitOnboarding() {
  return useMutation({ mutationFn: submitOnboarding });
}
