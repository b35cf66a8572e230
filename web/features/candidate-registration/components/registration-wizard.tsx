import { useState } from 'react';
import { Navigate } from 'react-router';
import { messages } from '@shared/messages.ts';
import { registrationSteps, type RegistrationState, type RegistrationStep } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useRegistration } from '../api/get-registration.ts';
import { DocumentsStep } from './documents-step.tsx';
import { PersonalForm } from './personal-form.tsx';
import { PhoneStep } from './phone-step.tsx';
import { ProfessionalForm } from './professional-form.tsx';
import { RegistrationCard } from './registration-card.tsx';
import { UanForm } from './uan-form.tsx';

const text = messages.candidate;
const titles = text.registration.stepTitles;
const indexOf = (step: RegistrationStep) => registrationSteps.indexOf(step);

const stepTitles: Record<RegistrationStep, string> = {
  email: titles.email,
  verification: titles.addPhone,
  uan: titles.uan,
  personal: titles.personal,
  professional: titles.professional,
  documents: titles.documents,
};

/**
 * The signed-in candidate's registration: it opens at the first unfinished step the server
 * reports (so leaving and coming back resumes), Previous reopens finished steps to edit them,
 * and saving one moves to the next, never past the first unfinished one.
 */
export function RegistrationWizard({ returnTo }: { returnTo?: string | undefined }) {
  const registration = useRegistration();
  const [viewing, setViewing] = useState<RegistrationStep | null>(null);

  if (registration.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (registration.isError) {
    return (
      <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-700">
        <p>{errorMessage(registration.error, text.flow.loadFailed)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void registration.refetch()}>
          {text.flow.retry}
        </Button>
      </div>
    );
  }

  const state: RegistrationState = registration.data;
  // A finished registration goes to the dashboard, or back to the job the candidate came from.
  if (state.completed || state.step === null) return <Navigate to={returnTo ?? '/dashboard'} replace />;
  const firstUnfinished = state.step;
  const current = viewing !== null && indexOf(viewing) < indexOf(firstUnfinished) ? viewing : firstUnfinished;
  const index = indexOf(current);
  const goTo = (step: RegistrationStep | undefined) => setViewing(step ?? null);
  const next = () => goTo(registrationSteps[index + 1]);
  const back = index > 0 ? { label: text.registration.previous, onClick: () => goTo(registrationSteps[index - 1]) } : undefined;
  const formProps = { state, submitLabel: text.registration.next, onSaved: next, back };

  return (
    <RegistrationCard step={current} title={stepTitles[current]}>
      {current === 'email' ? (
        <div className="space-y-5">
          <p className="text-sm text-slate-600">{fill(text.flow.signedInAs, { email: state.email })}</p>
          <div className="flex justify-end">
            <Button onClick={next}>{text.registration.next}</Button>
          </div>
        </div>
      ) : current === 'verification' ? (
        <PhoneStep key={state.mobile_verified ? 'verified' : 'unverified'} state={state} onDone={next} back={back} />
      ) : current === 'uan' ? (
        <UanForm {...formProps} />
      ) : current === 'personal' ? (
        <PersonalForm {...formProps} />
      ) : current === 'professional' ? (
        <ProfessionalForm {...formProps} />
      ) : (
        <DocumentsStep state={state} back={back ?? { label: text.registration.previous, onClick: () => undefined }} />
      )}
    </RegistrationCard>
  );
}
