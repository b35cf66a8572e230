import { messages } from '@shared/messages.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { needsSecondFactor, useMe } from '@web/lib/session/get-me.ts';
import { useReturnPath } from '../lib/use-return-path.ts';
import { ApplyContext } from './apply-context.tsx';
import { EmailFlow } from './email-flow.tsx';
import { OtherRoleNote } from './other-role-note.tsx';
import { RegistrationWizard } from './registration-wizard.tsx';

const text = messages.candidate;

/**
 * /candidate/register and /candidate-registration (spec point 2): "Join Our Platform" and its six
 * steps. Signed out, the email steps; signed in as a candidate, the saved registration resumes;
 * any other account is told this page is not for it. Arriving from a job's Apply (?next=), it
 * says so and brings the candidate back to the job once registered (issue 33).
 */
export function CandidateRegistrationPage() {
  const me = useMe();
  const user = me.data && !needsSecondFactor(me.data) ? me.data.user : null;
  const returnTo = useReturnPath();
  return (
    <PublicLayout title={text.registration.pageTitle} description={text.flow.pageDescription}>
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="mb-6 text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{text.registration.pageTitle}</h1>
        {returnTo && !me.isPending && (user === null || user.role === 'candidate') ? (
          <ApplyContext returnTo={returnTo} signedIn={user !== null} canApply={user !== null && user.mobile_verified && user.full_name.trim() !== ''} />
        ) : null}
        {me.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner className="size-8" />
          </div>
        ) : user === null ? (
          <EmailFlow />
        ) : user.role === 'candidate' ? (
          <RegistrationWizard returnTo={returnTo} />
        ) : (
          <OtherRoleNote />
        )}
      </div>
    </PublicLayout>
  );
}
