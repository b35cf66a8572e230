import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { RegistrationState } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { CandidateDashboard } from '@web/features/candidate-dashboard/components/candidate-dashboard.tsx';
import type { EditableSection } from '@web/features/candidate-dashboard/components/profile-card.tsx';
import { useRegistration } from '@web/features/candidate-registration/api/get-registration.ts';
import { DocumentUploads } from '@web/features/candidate-registration/components/document-uploads.tsx';
import { PersonalForm } from '@web/features/candidate-registration/components/personal-form.tsx';
import { PhoneStep } from '@web/features/candidate-registration/components/phone-step.tsx';
import { ProfessionalForm } from '@web/features/candidate-registration/components/professional-form.tsx';
import { UanForm } from '@web/features/candidate-registration/components/uan-form.tsx';
import { errorMessage } from '@web/lib/api-client.ts';

const text = messages.candidateDashboard;

/** The registration's forms, reused to edit a profile section in place on the dashboard. */
function SectionEditor({ state, section, close }: { state: RegistrationState; section: EditableSection; close: () => void }) {
  const props = {
    state,
    submitLabel: text.saveProfile,
    onSaved: () => {
      toast.success(text.profileSaved);
      close();
    },
    back: { label: text.cancel, onClick: close },
  };
  // The phone is changed by verifying the new number with a code, as at registration.
  if (section === 'contact') return <PhoneStep state={state} onDone={props.onSaved} back={props.back} startChanging />;
  if (section === 'uan') return <UanForm {...props} />;
  if (section === 'personal') return <PersonalForm {...props} />;
  return <ProfessionalForm {...props} />;
}

/** /dashboard for a candidate. Two features meet here: the registration's data and forms, the dashboard's layout. */
export function CandidateHome() {
  const registration = useRegistration();
  if (registration.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (registration.isError) {
    return (
      <Card className="mx-auto max-w-6xl p-6 text-sm text-slate-700" role="alert">
        <p>{errorMessage(registration.error, text.loadFailed)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void registration.refetch()}>
          {text.retry}
        </Button>
      </Card>
    );
  }
  const state = registration.data;
  return (
    <CandidateDashboard
      state={state}
      documents={<DocumentUploads documents={state.documents} hint={text.documentsHint} />}
      renderEditor={(section, close) => <SectionEditor state={state} section={section} close={close} />}
    />
  );
}
