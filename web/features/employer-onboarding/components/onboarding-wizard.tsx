import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { employerOnboardingSchema, type EmployerOnboardingInput } from '@shared/schemas/employer-onboarding.ts';
import { Button } from '@web/components/ui/button.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { useSubmitOnboarding } from '../api/submit-onboarding.ts';
import { AccountInformationStep } from './account-information-step.tsx';
import { CompanyDetailsStep } from './company-details-step.tsx';
import { LAST_STEP, STEP_FIELDS, type OnboardingForm } from './onboarding-form.ts';
import { StepProgress } from '@web/components/ui/step-progress.tsx';
import { ReviewStep } from './review-step.tsx';
import { VerificationStep } from './verification-step.tsx';

const text = messages.employerOnboardingFlow;

/**
 * The four-step onboarding wizard (spec points 2, 4 and 5): Next and Previous are clamped at the
 * ends, each step is checked before moving on, and the last step submits.
 */
export function OnboardingWizard({ defaults, onCompleted }: { defaults: Partial<EmployerOnboardingInput>; onCompleted: () => void }) {
  const [step, setStep] = useState(0);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const submitOnboarding = useSubmitOnboarding();
  const form: OnboardingForm = useForm({
    resolver: zodResolver(employerOnboardingSchema),
    defaultValues: { company_name: '', company_website: '', full_name: '', work_email: '', phone_number: '', verification_code: '', terms_accepted: false, ...defaults },
  });

  // After Next or Previous, put the keyboard on the new step's first field (not on first load).
  const [moved, setMoved] = useState(false);
  const stepHeading = useRef<HTMLLegendElement>(null);
  useEffect(() => {
    if (!moved) return;
    const first = STEP_FIELDS[step]?.[0];
    if (first) form.setFocus(first);
    else stepHeading.current?.focus();
  }, [step, moved, form]);
  const goTo = (next: number) => {
    setMoved(true);
    setStep(Math.min(Math.max(next, 0), LAST_STEP));
  };
  const goNext = async () => {
    const fields = STEP_FIELDS[step];
    if (fields && (await form.trigger([...fields], { shouldFocus: true }))) goTo(step + 1);
  };

  const submit = form.handleSubmit(
    async (values) => {
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
    // Something invalid on an earlier step (edited since): go back to it.
    (errors) => {
      const index = STEP_FIELDS.findIndex((fields) => fields.some((field) => field in errors));
      if (index >= 0) goTo(index);
    },
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step < LAST_STEP) {
      event.preventDefault();
      void goNext();
      return;
    }
    void submit(event);
  };
  const busy = submitOnboarding.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className="space-y-6">
      <StepProgress steps={messages.onboarding.steps} current={step} label={messages.employerOnboardingFlow.progressLabel} />
      <fieldset className="space-y-4">
        <legend ref={stepHeading} tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none">
          {messages.onboarding.steps[step]}
        </legend>
        {step === 0 ? <CompanyDetailsStep form={form} /> : null}
        {step === 1 ? <AccountInformationStep form={form} /> : null}
        {step === 2 ? <VerificationStep form={form} resendAt={resendAt} onSent={setResendAt} /> : null}
        {step === 3 ? <ReviewStep form={form} /> : null}
      </fieldset>
      <div className="flex items-center justify-between gap-3">
        <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0 || busy}>
          {text.previous}
        </Button>
        {step < LAST_STEP ? (
          <Button key="next" onClick={() => void goNext()}>
            {text.next}
          </Button>
        ) : (
          <Button key="submit" type="submit" disabled={busy}>
            {busy ? messages.auth.processing : messages.onboarding.submit}
          </Button>
        )}
      </div>
    </form>
  );
}
