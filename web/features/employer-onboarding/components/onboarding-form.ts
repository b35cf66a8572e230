import type { UseFormReturn } from 'react-hook-form';
import type { EmployerOnboardingInput, EmployerOnboardingValues } from '@shared/schemas/employer-onboarding.ts';

export type OnboardingForm = UseFormReturn<EmployerOnboardingInput, unknown, EmployerOnboardingValues>;

/** The fields each step checks before Next (spec point 2's four steps; the review has none). */
export const STEP_FIELDS = [
  ['company_name', 'industry', 'company_size', 'company_website'],
  ['full_name', 'work_email', 'phone_number'],
  ['verification_code', 'terms_accepted'],
  [],
] as const satisfies readonly (readonly (keyof EmployerOnboardingInput)[])[];
