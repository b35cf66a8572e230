import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { employerOnboardingSchema, type EmployerOnboardingInput } from '@shared/schemas/employer-onboarding.ts';
import { StepWizardForm } from '@web/components/step-wizard-form.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { useStepWizard } from '@web/lib/use-step-wizard.ts';
import { useSubmitOnboarding } from '../api/submit-onboarding.ts';
import { AccountInformationStep } from './account-information-step.tsx';
import { CompanyDetailsStep } from './company-details-step.tsx';
import { STEP_FIELDS, type OnboardingForm } from './onboarding-form.ts';
import { ReviewStep } from './review-step.tsx';
import { VerificationStep } from './verification-step.tsx';

const text = messages.employerOnboardingFlow;

/**
 * The four-step onboarding wizard (spec points 2, 4 and 5): Next and Previous are clamped at the
 * ends, each step is checked before moving on, and the last step submits.
 */
export function OnboardingWizard({ defaults, onCompleted }: { defaults: Partial<EmployerOnboardingInput>; onCompleted: () => void }) {
  const [resendAt, setResendAt] = useState<number | null>(null);
  const submitOnboarding = useSubmitOnboarding();
  const form: OnboardingForm = useForm({
    resolver: zodResolver(employerOnboardingSchema),
    defaultValues: { company_name: '', company_website: '', full_name: '', work_email: '', phone_number: '', verification_code: '', terms_accepted: false, ...defaults },
  });
  const wizard = useStepWizard({
    form,
    stepFields: STEP_FIELDS,
    onValid: async (values) => {
      try {
        await submitOnboarding.mutateAsync(values);
        toast.success(messages.onboarding.completed);
        onCompleted();
      } catch (error) {
        if (!isApiError(error)) console.error('Onboarding failed', error);
        // The reason (a wrong or expired code, say) under the spec's failure text.
        const reason = isApiError(error) && error.status < 500 ? error.message : undefined;
        toast.error(messages.onboarding.failed, { description: reason });
      }
    },
  });
  const { step } = wizard;
  const busy = submitOnboarding.isPending;

  return (
    <StepWizardForm
      wizard={wizard}
      steps={messages.onboarding.steps}
      progressLabel={text.progressLabel}
      busy={busy}
      previousLabel={text.previous}
      nextLabel={text.next}
      submitLabel={busy ? messages.auth.processing : messages.onboarding.submit}
    >
      {step === 0 ? <CompanyDetailsStep form={form} /> : null}
      {step === 1 ? <AccountInformationStep form={form} /> : null}
      {step === 2 ? <VerificationStep form={form} resendAt={resendAt} onSent={setResendAt} /> : null}
      {step === 3 ? <ReviewStep form={form} /> : null}
    </StepWizardForm>
  );
}
