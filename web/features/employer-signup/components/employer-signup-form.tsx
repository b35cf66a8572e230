import { useState } from 'react';
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
import { StepWizardForm } from '@web/components/step-wizard-form.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { useStepWizard } from '@web/lib/use-step-wizard.ts';
import { companyCheckQueryOptions } from '../api/check-company-exists.ts';
import { useSignUpEmployer } from '../api/sign-up-employer.ts';
import { normaliseCompanyName, useCompanyCheck } from '../hooks/use-company-check.ts';
import { STEP_FIELDS } from './signup-form.ts';
import { AccountStep, CompanyStep, PersonalStep } from './signup-steps.tsx';

const text = messages.employerSignup;

/** The three-step signup wizard (spec points 2, 4 and 5); `email` prefills the work email (issue 33, B1). */
export function EmployerSignupForm({ plan, email = '' }: { plan: SignupPlan | undefined; email?: string }) {
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

  const onValid = async (values: EmployerSignupFormValues) => {
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
  };
  const wizard = useStepWizard({ form, stepFields: STEP_FIELDS, onValid });
  const { step } = wizard;

  return (
    <StepWizardForm
      wizard={wizard}
      steps={text.steps}
      progressLabel={messages.employerSignupFlow.progressLabel}
      busy={busy}
      previousLabel={text.previous}
      nextLabel={text.next}
      submitLabel={busy ? text.processing : text.complete}
    >
      {step === 0 ? <CompanyStep form={form} check={check} /> : null}
      {step === 1 ? <PersonalStep form={form} /> : null}
      {step === 2 ? <AccountStep form={form} /> : null}
    </StepWizardForm>
  );
}
