import { messages } from '@shared/messages.ts';
import type { CompanyCheckState } from '../hooks/use-company-check.ts';
import { CompanyCheckStatus } from './company-check-status.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { registerField } from '@web/lib/use-step-wizard.ts';
import type { SignupForm } from './signup-form.ts';

const text = messages.employerSignupFlow;

/** Step 1, Company Information: the name and its live check. */
export function CompanyStep({ form, check }: { form: SignupForm; check: CompanyCheckState }) {
  return (
    <div className="space-y-2">
      <TextField
        id="company_name"
        label={text.companyNameLabel}
        placeholder={text.companyNamePlaceholder}
        autoComplete="organization"
        required
        maxLength={200}
        error={form.formState.errors.company_name?.message}
        describedBy="company-check"
        {...registerField(form, 'company_name')}
      />
      <CompanyCheckStatus id="company-check" state={check} />
    </div>
  );
}

/** Step 2, Personal Details. */
export function PersonalStep({ form }: { form: SignupForm }) {
  return (
    <TextField
      id="full_name"
      label={text.fullNameLabel}
      placeholder={text.fullNamePlaceholder}
      autoComplete="name"
      required
      maxLength={100}
      error={form.formState.errors.full_name?.message}
      {...registerField(form, 'full_name')}
    />
  );
}

/** Step 3, Account Setup: work email and password. */
export function AccountStep({ form }: { form: SignupForm }) {
  const { errors } = form.formState;
  return (
    <div className="space-y-5">
      <TextField
        id="email"
        type="email"
        label={text.workEmailLabel}
        placeholder={text.workEmailPlaceholder}
        autoComplete="email"
        required
        error={errors.email?.message}
        {...registerField(form, 'email')}
      />
      <TextField
        id="password"
        type="password"
        label={text.passwordLabel}
        autoComplete="new-password"
        required
        hint={text.passwordHint}
        error={errors.password?.message}
        {...registerField(form, 'password')}
      />
    </div>
  );
}
