import { messages } from '@shared/messages.ts';
import { companySizes, industries } from '@shared/options.ts';
import type { OnboardingForm } from './onboarding-form.ts';
import { SelectField } from './select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { registerField } from '@web/lib/use-step-wizard.ts';

const text = messages.employerOnboardingFlow;
const industryOptions = industries.map((value) => ({ value, label: value }));
const sizeOptions = companySizes.map((value) => ({ value, label: text.employeesSuffix.replace('{size}', value) }));

/** Step 1, Company Details. */
export function CompanyDetailsStep({ form }: { form: OnboardingForm }) {
  const { errors } = form.formState;
  return (
    <div className="space-y-5">
      <TextField id="company_name" label={text.companyNameLabel} autoComplete="organization" required maxLength={200} error={errors.company_name?.message} {...registerField(form, 'company_name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField id="industry" label={text.industryLabel} placeholder={text.industryPlaceholder} options={industryOptions} required error={errors.industry?.message} {...registerField(form, 'industry')} />
        <SelectField id="company_size" label={text.companySizeLabel} placeholder={text.companySizePlaceholder} options={sizeOptions} required error={errors.company_size?.message} {...registerField(form, 'company_size')} />
      </div>
      <TextField
        id="company_website"
        type="url"
        inputMode="url"
        label={text.websiteLabel}
        placeholder={text.websitePlaceholder}
        autoComplete="url"
        maxLength={200}
        error={errors.company_website?.message}
        {...registerField(form, 'company_website')}
      />
    </div>
  );
}
