import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FileText } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { CandidateInvitation } from '@shared/schemas/candidate-invitations.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { documentProblem } from '@web/features/candidate-registration/lib/check-document.ts';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { fileSizeText } from '@web/lib/file-size.ts';
import { toast } from '@web/lib/toast.ts';
import { invitationResumeUrl, useAttachInvitationResume, useRemoveInvitationResume } from '../api/candidate-invitations.ts';

const text = messages.candidateInvitations;

/** Why an attach failed, in the server's words when it refused the file. */
export const attachFailure = (error: unknown) => errorMessage(error, messages.candidate.documents.uploadFailed);

/**
 * "Attach resume" / "Replace resume" for a waiting invitation: a hidden file input behind a button,
 * the browser's checks first (a PDF, at most 10 MB), then the server's gate.
 */
export function AttachResumeButton({ jobId, invitation, onAttached }: { jobId: string; invitation: CandidateInvitation; onAttached?: (invitation: CandidateInvitation) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const attach = useAttachInvitationResume(jobId);
  const [error, setError] = useState<string>();
  const name = invitation.full_name;
  const has = invitation.resume !== null;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) return setError(problem);
    setError(undefined);
    try {
      const updated = await attach.mutateAsync({ invitationId: invitation.id, file });
      toast.success(text.resumeAttached);
      onAttached?.(updated);
    } catch (failure) {
      setError(attachFailure(failure));
    }
  }

  return (
    <div className="space-y-1">
      <Button type="button" variant="outline" size="sm" disabled={attach.isPending} onClick={() => input.current?.click()} aria-label={fill(has ? text.replaceResumeName : text.attachResumeName, { name })} aria-describedby={error ? `${id}-error` : undefined}>
        {attach.isPending ? text.attaching : has ? text.replaceResume : text.attachResume}
      </Button>
      <input ref={input} type="file" accept="application/pdf,.pdf" className="sr-only" tabIndex={-1} aria-label={fill(text.resumeFileName, { name })} onChange={(event) => void onPick(event)} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="max-w-xs text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A waiting invitation's resume: the file the team attached (opened as a link), and Replace / Remove; or Attach. */
export function InvitationResume({ jobId, invitation }: { jobId: string; invitation: CandidateInvitation }) {
  const remove = useRemoveInvitationResume(jobId);
  const name = invitation.full_name;
  const resume = invitation.resume;
  return (
    <div className="space-y-2">
      {resume ? (
        <p className="flex items-start gap-1.5 text-sm">
          <FileText className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <a
            href={invitationResumeUrl(invitation.id)}
            target="_blank"
            rel="noopener"
            className="min-w-0 font-medium wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {fill(text.resumeOf, { name: resume.name ?? 'resume.pdf' })}
          </a>
          <span className="shrink-0 text-slate-600">{`· ${fileSizeText(resume.size_bytes)}`}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        <AttachResumeButton jobId={jobId} invitation={invitation} />
        {resume ? (
          <ConfirmButton
            label={text.removeResume}
            ariaLabel={fill(text.removeResumeName, { name })}
            title={fill(text.removeResumeName, { name })}
            body={fill(text.removeResumeBody, { name })}
            action={text.removeResume}
            destructive
            done={text.resumeRemoved}
            cancelLabel={messages.pipeline.cancel}
            onConfirm={async () => {
              await remove.mutateAsync(invitation.id);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
