import { messages } from '@shared/messages.ts';
import type { OnboardingForm } from './onboarding-form.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { registerField } from '@web/lib/use-step-wizard.ts';

const text = messages.employerOnboardingFlow;

/** Step 2, Account Information. */
export function AccountInformationStep({ form }: { form: OnboardingForm }) {
  const { errors } = form.formState;
  return (
    <div className="space-y-5">
      <TextField id="full_name" label={text.fullNameLabel} autoComplete="name" required maxLength={100} error={errors.full_name?.message} {...registerField(form, 'full_name')} />
      <TextField id="work_email" type="email" label={text.workEmailLabel} autoComplete="email" required error={errors.work_email?.message} {...registerField(form, 'work_email')} />
      <TextField
        id="phone_number"
        type="tel"
        label={text.phoneLabel}
        placeholder={text.phonePlaceholder}
        autoComplete="tel"
        required
        maxLength={24}
        error={errors.phone_number?.message}
        {...registerField(form, 'phone_number')}
      />
    </div>
  );
}
