import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { CircleCheck, FileText, MapPin } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { InvitationAnswerResult, InvitationForCandidate } from '@shared/schemas/candidate-invitations.ts';
import { Button } from '@web/components/ui/button.tsx';
import { CheckboxField } from '@web/components/ui/checkbox-field.tsx';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { AuthLayout, AuthNotice } from '@web/features/auth/components/auth-layout.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fileSizeText } from '@web/lib/file-size.ts';
import { fill } from '@web/lib/fill.ts';
import { saveBlob } from '@web/lib/save-blob.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { answerInvitation, fetchInvitationResume, lookupInvitation } from '../api/invitation-answer.ts';

const text = messages.candidateInvitations;

/**
 * /confirm-application#<token> (issue 36 §2, ADR 0030): a company added this person as a
 * candidate; nothing exists in its pipeline until they confirm here, without signing in. The page
 * shows everything the company recorded, so they know what they agree to. The token stays in the
 * fragment and travels in request bodies, never in a URL.
 */
export function ConfirmApplicationPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const queryKey = ['candidate-invitation', token];
  const invitation = useQuery({ queryKey, queryFn: () => lookupInvitation(token), enabled: token.length > 0, retry: false, staleTime: Infinity });
  const [answered, setAnswered] = useState<InvitationAnswerResult | null>(null);
  usePageMeta(text.pageTitle, invitation.data ? fill(text.addedYou, { company: invitation.data.company_name, job: invitation.data.job_title }) : text.pageTitle);

  if (!token) return <AuthNotice heading={text.pageTitle} body={text.linkInvalid} />;
  if (answered) return <Answered result={answered} />;
  if (invitation.isPending) return <FullPageSpinner />;
  if (invitation.isError) return <AuthNotice heading={text.pageTitle} body={errorMessage(invitation.error, text.linkInvalid)} />;
  const status = invitation.data.status;
  if (status === 'withdrawn') return <AuthNotice heading={text.pageTitle} body={text.linkInvalid} />;
  if (status !== 'pending') return <AuthNotice heading={text.pageTitle} body={text.alreadyAnswered} />;
  return <Question token={token} invitation={invitation.data} queryKey={queryKey} onAnswered={setAnswered} />;
}

function Question({ token, invitation, queryKey, onAnswered }: { token: string; invitation: InvitationForCandidate; queryKey: string[]; onAnswered: (result: InvitationAnswerResult) => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  // Their resume, handed over and attached by the company: kept only if they leave this ticked and confirm.
  const [keepResume, setKeepResume] = useState(true);
  const answer = useMutation({ mutationFn: answerInvitation });
  const company = invitation.company_name;
  const how = invitation.source === 'referral' && invitation.referrer_name ? fill(text.referredBy, { name: invitation.referrer_name }) : invitation.source === 'walk_in' ? text.walkIn : null;

  function send(choice: 'confirm' | 'decline') {
    setError(undefined);
    answer.mutate(
      { token, answer: choice, ...(invitation.resume && choice === 'confirm' ? { keep_resume: keepResume } : {}) },
      {
        onSuccess: onAnswered,
        onError: (failure) => {
          setError(errorMessage(failure, messages.auth.unexpected));
          // Answered in another tab, or withdrawn meanwhile: the page shows where it stands now.
          if (isApiError(failure, 409) || isApiError(failure, 404)) void queryClient.invalidateQueries({ queryKey });
        },
      },
    );
  }

  return (
    <AuthLayout heading={text.pageTitle} subtitle={fill(text.addedYou, { company, job: invitation.job_title })}>
      <div className="space-y-5" aria-busy={answer.isPending}>
        {how || invitation.job_location ? (
          <div className="space-y-1 text-sm text-slate-700">
            {invitation.job_location ? (
              <p className="inline-flex items-center gap-1.5">
                <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                {invitation.job_location}
              </p>
            ) : null}
            {how ? <p>{how}</p> : null}
          </div>
        ) : null}
        <section aria-labelledby="recorded-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h2 id="recorded-title" className="text-sm font-semibold text-slate-900">
            {text.whatTheyRecorded}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{text.fullName}</dt>
            <dd className="min-w-0 break-words text-slate-900">{invitation.full_name}</dd>
            <dt className="text-slate-600">{text.email}</dt>
            <dd className="min-w-0 break-words text-slate-900">{invitation.email}</dd>
            {invitation.phone ? (
              <>
                <dt className="text-slate-600">{text.recordedPhone}</dt>
                <dd className="min-w-0 break-words text-slate-900">{invitation.phone}</dd>
              </>
            ) : null}
          </dl>
        </section>
        {invitation.resume ? <AttachedResume token={token} resume={invitation.resume} keep={keepResume} onKeepChange={setKeepResume} /> : null}
        <p className="text-sm text-slate-700">{fill(text.confirmHelp, { company })}</p>
        <p className="text-xs text-slate-600">{fill(text.answerBy, { date: invitation.expires_label })}</p>
        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button size="lg" className="w-full sm:flex-1" disabled={answer.isPending} onClick={() => send('confirm')}>
            {answer.isPending && answer.variables.answer === 'confirm' ? text.confirming : text.confirm}
          </Button>
          <Button size="lg" variant="outline" className="w-full sm:flex-1" disabled={answer.isPending} onClick={() => send('decline')}>
            {answer.isPending && answer.variables.answer === 'decline' ? text.confirming : text.decline}
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}

/** The resume the company attached: its name and size, a download, and whether it becomes theirs. */
function AttachedResume({ token, resume, keep, onKeepChange }: { token: string; resume: NonNullable<InvitationForCandidate['resume']>; keep: boolean; onKeepChange: (keep: boolean) => void }) {
  const [failed, setFailed] = useState<string>();
  const name = resume.name ?? 'resume.pdf';
  const download = useMutation({
    mutationFn: () => fetchInvitationResume(token),
    onSuccess: (blob) => {
      setFailed(undefined);
      saveBlob(name, blob);
    },
    onError: (failure) => setFailed(errorMessage(failure, messages.auth.unexpected)),
  });
  return (
    <section aria-labelledby="resume-title" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="resume-title" className="text-sm font-semibold text-slate-900">
        {text.theirResume}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="flex min-w-0 items-center gap-2 text-slate-800">
          <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 break-all">{name}</span>
          <span className="shrink-0 text-slate-600">{fileSizeText(resume.size_bytes)}</span>
        </p>
        <Button type="button" variant="outline" size="sm" disabled={download.isPending} onClick={() => download.mutate()} aria-label={`${text.viewTheirResume}: ${name}`}>
          {text.viewTheirResume}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      ) : null}
      <CheckboxField
        id="keep-resume"
        checked={keep}
        onChange={(event) => onKeepChange(event.target.checked)}
        label={
          <>
            <span className="block font-medium text-slate-900">{text.keepResume}</span>
            <span className="block text-xs text-slate-600">{text.keepResumeHint}</span>
          </>
        }
      />
    </section>
  );
}

function Answered({ result }: { result: InvitationAnswerResult }) {
  const values = { company: result.company_name, job: result.job_title, email: result.email };
  if (result.status === 'declined') {
    return (
      <AuthLayout heading={text.pageTitle}>
        <p role="status" className="text-sm text-slate-700">
          {fill(text.declined, values)}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout heading={text.pageTitle}>
      <div className="space-y-4">
        <p role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm break-words text-green-900">
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">{fill(result.resume_kept ? text.confirmedWithResume : text.confirmed, values)}</span>
        </p>
        {/* Candidates sign in (or register) with a code sent to their email: no password to remember. */}
        <Button asChild size="lg" className="w-full">
          <Link to="/candidate/register">{text.signIn}</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
