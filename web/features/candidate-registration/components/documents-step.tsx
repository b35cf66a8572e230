import { useLocation, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { RegistrationState } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { originFrom } from '@web/lib/session/destinations.ts';
import { useCompleteRegistration } from '../api/complete-registration.ts';
import { DocumentUploads } from './document-uploads.tsx';

const text = messages.candidate.registration;

/** Required Documents: the four uploads (optional), then Complete Registration → /dashboard (or the job being applied to). */
export function DocumentsStep({ state, back }: { state: RegistrationState; back: { label: string; onClick: () => void } }) {
  const complete = useCompleteRegistration();
  const navigate = useNavigate();
  const location = useLocation();

  const finish = () => {
    complete.mutate(undefined, {
      onSuccess: () => {
        toast.success(text.completed);
        // Back to the job the candidate was applying to when they came to sign in, if any.
        void navigate(originFrom(location.state) ?? '/dashboard', { replace: true });
      },
      onError: (error) => {
        if (!isApiError(error)) console.error('Completing the registration failed', error);
        toast.error(errorMessage(error, text.saveFailed));
      },
    });
  };

  return (
    <div className="space-y-6">
      <DocumentUploads documents={state.documents} />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
        <Button variant="outline" onClick={back.onClick} disabled={complete.isPending}>
          {back.label}
        </Button>
        <Button size="lg" onClick={finish} disabled={complete.isPending} className="ml-auto">
          {complete.isPending ? messages.candidate.flow.completing : text.completeRegistration}
        </Button>
      </div>
    </div>
  );
}
