import type { UseFormReturn } from 'react-hook-form';
import type { EmployerSignupFormInput, EmployerSignupFormValues } from '@shared/schemas/employer-signup.ts';

export type SignupForm = UseFormReturn<EmployerSignupFormInput, unknown, EmployerSignupFormValues>;

/**
 * Fields are checked when the user presses Next or submits, not on blur: a message appearing on
 * blur moves the buttons under the pointer between press and release, and the click is lost.
 * Once a field shows a message, typing re-checks it so the message goes as soon as it is fixed.
 */
export function registerField(form: SignupForm, name: keyof EmployerSignupFormInput) {
  return form.register(name, {
    onChange: () => {
      if (form.getFieldState(name).error) void form.trigger(name);
    },
  });
}
