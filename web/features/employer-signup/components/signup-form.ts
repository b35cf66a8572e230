import type { UseFormReturn } from 'react-hook-form';
import type { EmployerSignupFormInput, EmployerSignupFormValues } from '@shared/schemas/employer-signup.ts';

export type SignupForm = UseFormReturn<EmployerSignupFormInput, unknown, EmployerSignupFormValues>;

/** The fields each step checks before Next (spec point 2's three steps). */
export const STEP_FIELDS = [['company_name'], ['full_name'], ['email', 'password']] as const satisfies readonly (readonly (keyof EmployerSignupFormInput)[])[];
