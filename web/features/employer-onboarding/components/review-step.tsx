import { useWatch } from 'react-hook-form';
import { messages } from '@shared/messages.ts';
import type { OnboardingForm } from './onboarding-form.ts';

const text = messages.employerOnboardingFlow;

/** Step 4, Confirmation: every value as it will be sent; an empty website reads "Not provided". */
export function ReviewStep({ form }: { form: OnboardingForm }) {
  const values = useWatch({ control: form.control });
  const website = values.company_website?.trim();
  const rows: [string, string][] = [
    [text.companyNameLabel, values.company_name ?? ''],
    [text.industryLabel, values.industry ?? ''],
    [text.companySizeLabel, values.company_size ? text.employeesSuffix.replace('{size}', values.company_size) : ''],
    [text.websiteReviewLabel, website ? website : messages.onboarding.notProvided],
    [text.fullNameLabel, values.full_name ?? ''],
    [text.workEmailLabel, values.work_email ?? ''],
    [text.phoneLabel, values.phone_number ?? ''],
    [text.codeLabel, values.verification_code ?? ''],
    [text.termsReviewLabel, values.terms_accepted ? text.termsAcceptedValue : text.termsNotAcceptedValue],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{text.reviewIntro}</p>
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="onboarding-review">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="min-w-0 text-sm font-medium wrap-anywhere text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
