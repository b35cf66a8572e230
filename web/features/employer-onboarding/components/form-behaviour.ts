import type { EmployerOnboardingInput } from '@shared/schemas/employer-onboarding.ts';
import type { OnboardingForm } from './onboarding-form.ts';

/**
 * Fields are checked when the user presses Next or submits, not on blur: a message appearing on
 * blur moves the buttons under the pointer between press and release, and the click is lost.
 * Once a field shows a message, typing re-checks it so the message goes as soon as it is fixed.
 */
export function registerField(form: OnboardingForm, name: keyof EmployerOnboardingInput) {
  return form.register(name, {
    onChange: () => {
      if (form.getFieldState(name).error) void form.trigger(name);
    },
  });
}
