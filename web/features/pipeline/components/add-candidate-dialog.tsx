import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages.ts';
import { INVITATION_SOURCES, invitationBodySchema, type CandidateInvitation, type InvitationSource } from '@shared/schemas/candidate-invitations.ts';
import { FormDialogActions } from '@web/components/form-dialog-actions.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { FieldFrame, fieldDescribedBy } from '@web/components/ui/field-frame.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { documentProblem } from '@web/features/candidate-registration/lib/check-document.ts';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { invitationsQueryKey, uploadInvitationResume, useAddInvitation } from '../api/candidate-invitations.ts';
import { AttachResumeButton, attachFailure } from './invitation-resume.tsx';

const text = messages.candidateInvitations;

type Field = 'full_name' | 'email' | 'phone' | 'source' | 'referrer_name' | 'resume';
type Errors = Partial<Record<Field | 'form', string>>;
const EMPTY = { full_name: '', email: '', phone: '', source: 'referral' as InvitationSource, referrer_name: '' };

/**
 * "Add candidate" (issue 36 §2, ADR 0030): what the recruiter was told about a referral or a
 * walk-in, and the resume they handed over. Nothing enters the pipeline here: WorkCred emails the
 * person, who confirms or declines (and chooses whether to keep the resume).
 */
export function AddCandidateDialog({ jobId, open, onOpenChange }: { jobId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogTitle>{text.addTitle}</DialogTitle>
        <DialogDescription>{text.addDescription}</DialogDescription>
        {/* Mounted only while open, so each opening starts from an empty form. */}
        {open ? <AddCandidateForm jobId={jobId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddCandidateForm({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const id = useId();
  const add = useAddInvitation(jobId);
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [resume, setResume] = useState<File | null>(null);
  const [attaching, setAttaching] = useState(false);
  // Emailed, but the server refused the resume: the form gives way to a retry, since adding again would be refused.
  const [stuck, setStuck] = useState<{ invitation: CandidateInvitation; reason: string } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, form: _form, ...rest }) => rest);
  };
  const choose = (file: File | null) => {
    setResume(file);
    // The reason a chosen file cannot be sent, said as the candidate's own upload says it.
    const problem = file ? documentProblem(file) : null;
    setErrors(({ resume: _fixed, form: _form, ...rest }) => (problem ? { ...rest, resume: problem } : rest));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // "Referred by" belongs to a referral only; what was typed before switching is not sent.
    const body = { ...values, referrer_name: values.source === 'referral' ? values.referrer_name : '' };
    const parsed = invitationBodySchema.safeParse(body);
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0]) as Field] ??= issue.message;
    const fileProblem = resume ? documentProblem(resume) : null;
    if (fileProblem) found.resume = fileProblem;
    if (Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    let invitation: CandidateInvitation;
    try {
      // What was typed, checked above: the server's schema reads the form's strings (an empty phone is none).
      invitation = await add.mutateAsync(body);
    } catch (error) {
      const found: Errors = {};
      if (isApiError(error)) for (const issue of error.issues) found[issue.path as Field] ??= issue.message;
      // Already invited, already in the pipeline, a closed job: said inside the form, which stays open.
      if (Object.keys(found).length === 0) found.form = errorMessage(error, text.addFailed);
      return setErrors(found);
    }
    if (resume) {
      setAttaching(true);
      try {
        await uploadInvitationResume(invitation.id, resume);
        void queryClient.invalidateQueries({ queryKey: invitationsQueryKey(jobId) });
      } catch (error) {
        return setStuck({ invitation, reason: attachFailure(error) });
      } finally {
        setAttaching(false);
      }
    }
    toast.success(fill(text.added, { name: invitation.full_name }));
    onDone();
  }

  if (stuck) {
    return (
      <div className="mt-4 space-y-4">
        <div role="alert" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{fill(text.resumeFailed, { name: stuck.invitation.full_name, reason: stuck.reason })}</p>
          <p>{text.resumeRetry}</p>
        </div>
        <AttachResumeButton jobId={jobId} invitation={stuck.invitation} onAttached={onDone} />
        <div className="flex justify-end">
          <Button type="button" onClick={onDone}>
            {text.done}
          </Button>
        </div>
      </div>
    );
  }
  const busy = add.isPending || attaching;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" aria-busy={busy}>
      <TextField
        id={`${id}-name`}
        label={text.fullName}
        required
        autoComplete="off"
        maxLength={120}
        value={values.full_name}
        onChange={(event) => set('full_name', event.target.value)}
        error={errors.full_name}
      />
      <TextField
        id={`${id}-email`}
        type="email"
        label={text.email}
        required
        autoComplete="off"
        maxLength={254}
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={errors.email}
      />
      <TextField
        id={`${id}-phone`}
        type="tel"
        inputMode="tel"
        label={text.phone}
        autoComplete="off"
        maxLength={20}
        value={values.phone}
        onChange={(event) => set('phone', event.target.value)}
        error={errors.phone}
      />
      <SelectField id={`${id}-source`} label={text.source} value={values.source} onChange={(event) => set('source', event.target.value)} error={errors.source}>
        {INVITATION_SOURCES.map((source) => (
          <option key={source} value={source}>
            {text.sourceLabels[source]}
          </option>
        ))}
      </SelectField>
      {values.source === 'referral' ? (
        <TextField
          id={`${id}-referrer`}
          label={text.referrerName}
          autoComplete="off"
          maxLength={120}
          value={values.referrer_name}
          onChange={(event) => set('referrer_name', event.target.value)}
          error={errors.referrer_name}
        />
      ) : null}
      <FieldFrame id={`${id}-resume`} label={text.resumeLabel} hint={resume && !errors.resume ? fill(text.resumeChosen, { name: resume.name }) : text.resumeHint} error={errors.resume}>
        <input
          id={`${id}-resume`}
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={errors.resume ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-resume`, errors.resume, true)}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800"
        />
      </FieldFrame>
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <FormDialogActions onCancel={onDone} cancelLabel={messages.pipeline.cancel} submitLabel={text.add} busy={busy} busyLabel={text.adding} />
    </form>
  );
}
