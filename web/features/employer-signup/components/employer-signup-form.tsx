import { useEffect, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import {
  employerSignupFormSchema,
  type CompanyCheckResult,
  type EmployerSignupFormInput,
  type EmployerSignupFormValues,
  type SignupPlan,
} from '@shared/schemas/employer-signup.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { companyCheckQueryOptions } from '../api/check-company-exists.ts';
import { useSignUpEmployer } from '../api/sign-up-employer.ts';
import { normaliseCompanyName, useCompanyCheck } from '../hooks/use-company-check.ts';
import { StepProgress } from '@web/components/ui/step-progress.tsx';
import { AccountStep, CompanyStep, PersonalStep } from './signup-steps.tsx';

const text = messages.employerSignup;
const STEP_FIELDS = [['company_name'], ['full_name'], ['email', 'password']] as const;
const LAST_STEP = STEP_FIELDS.length - 1;

/** The three-step signup wizard (spec points 2, 4 and 5); `email` prefills the work email (issue 33, B1). */
export function EmployerSignupForm({ plan, email = '' }: { plan: SignupPlan | undefined; email?: string }) {
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signUp = useSignUpEmployer();
  const form = useForm<EmployerSignupFormInput, unknown, EmployerSignupFormValues>({
    resolver: zodResolver(employerSignupFormSchema),
    defaultValues: { company_name: '', full_name: '', email, password: '' },
  });
  const companyName = useWatch({ control: form.control, name: 'company_name' });
  const check = useCompanyCheck(companyName);

  // After Next or Previous, put the keyboard on the new step's first field (not on first load).
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) form.setFocus(STEP_FIELDS[step]?.[0] ?? 'company_name');
  }, [step, moved, form]);
  const goTo = (next: number) => {
    setMoved(true);
    setStep(Math.min(Math.max(next, 0), LAST_STEP));
  };
  const goNext = async () => {
    const fields = STEP_FIELDS[step];
    if (fields && (await form.trigger(fields, { shouldFocus: true }))) goTo(step + 1);
  };

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      // Ask again at submit time (not the cached hint): a company may have been verified since.
      let company: CompanyCheckResult;
      try {
        company = await queryClient.fetchQuery({ ...companyCheckQueryOptions(normaliseCompanyName(values.company_name)), staleTime: 0 });
      } catch (error) {
        if (!isApiError(error)) console.error('Company check failed', error);
        toast.error(text.checkFailed);
        return;
      }
      if (company.verification_status === 'verified') {
        toast.error(company.status_message);
        return;
      }
      await signUp.mutateAsync({ ...values, plan });
      toast.success(text.registered);
      // The guard sends a user who has not confirmed the email yet on to /auth.
      void navigate('/dashboard');
    } catch (error) {
      if (!isApiError(error)) console.error('Employer signup failed', error);
      toast.error(errorMessage(error, text.registrationFailed));
    } finally {
      setBusy(false);
    }
  }, (errors) => {
    // Something invalid on an earlier step: go back to it.
    const index = STEP_FIELDS.findIndex((fields) => fields.some((field) => field in errors));
    if (index >= 0) goTo(index);
  });

  // Enter in a field moves on like Next until the last step, where it submits.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step < LAST_STEP) {
      event.preventDefault();
      void goNext();
      return;
    }
    void submit(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className="space-y-6">
      <StepProgress steps={text.steps} current={step} label={messages.employerSignupFlow.progressLabel} />
      <fieldset className="space-y-4">
        <legend className="mb-4 text-lg font-semibold text-slate-900">{text.steps[step]}</legend>
        {step === 0 ? <CompanyStep form={form} check={check} /> : null}
        {step === 1 ? <PersonalStep form={form} /> : null}
        {step === 2 ? <AccountStep form={form} /> : null}
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
            {busy ? text.processing : text.complete}
          </Button>
        )}
      </div>
    </form>
  );
}
