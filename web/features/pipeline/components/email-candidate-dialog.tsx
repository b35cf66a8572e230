import { useId, useState } from 'react';
import { candidateEmailsMessages as text } from '@shared/messages/candidate-emails.ts';
import { messages } from '@shared/messages.ts';
import { CANDIDATE_EMAIL_LIMITS, fillMergeFields, mergeFieldsIn, mergeFieldsList, sendCandidateEmailBodySchema, type EmailCompose } from '@shared/schemas/candidate-emails.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { SelectField, TextareaField } from '@web/components/ui/select-field.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useEmailCompose, useSendCandidateEmail } from '../api/email-candidate.ts';

/**
 * "Email candidate" from the application's panel (issue 36 §3): start from one of the company's
 * templates or a blank email, edit, see it with the merge fields filled, send through the outbox.
 */
export function EmailCandidateDialog({ applicationId, name, open, onOpenChange }: { applicationId: string; name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const compose = useEmailCompose(applicationId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{fill(text.emailTitle, { name })}</DialogTitle>
        <DialogDescription>{text.emailDescription}</DialogDescription>
        {compose.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={text.emailCandidate} />
          </div>
        ) : compose.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {errorMessage(compose.error, text.composeFailed)}
          </p>
        ) : (
          <ComposeForm applicationId={applicationId} name={name} compose={compose.data} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ComposeForm({ applicationId, name, compose, onDone }: { applicationId: string; name: string; compose: EmailCompose; onDone: () => void }) {
  const id = useId();
  const send = useSendCandidateEmail(applicationId);
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string | undefined; body?: string | undefined }>({});
  // Without an interview the field stays as written in the preview, and sending explains why not.
  const values = { ...compose.values, interview_time: compose.values.interview_time ?? '{{interview_time}}' };
  const needsInterview = compose.values.interview_time === null && [...mergeFieldsIn(subject), ...mergeFieldsIn(body)].includes('interview_time');

  function pick(value: string) {
    setTemplateId(value);
    const template = compose.templates.find((entry) => entry.id === value);
    setSubject(template?.subject ?? '');
    setBody(template?.body ?? '');
    setErrors({});
  }

  async function submit() {
    const parsed = sendCandidateEmailBodySchema.safeParse({ template_id: templateId || null, subject, body });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      return setErrors({ subject: issues.find((issue) => issue.path[0] === 'subject')?.message, body: issues.find((issue) => issue.path[0] === 'body')?.message });
    }
    if (needsInterview) return setErrors({ body: text.noInterviewTime });
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      toast.success(fill(text.sent, { name }));
      onDone();
    } catch (error) {
      const fields = (error as { issues?: { path: string; message: string }[] }).issues ?? [];
      const subjectIssue = fields.find((issue) => issue.path === 'subject')?.message;
      const bodyIssue = fields.find((issue) => issue.path === 'body')?.message;
      if (subjectIssue || bodyIssue) setErrors({ subject: subjectIssue, body: bodyIssue });
      else toast.error(errorMessage(error, messages.auth.unexpected));
    }
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm break-all text-slate-600">{fill(text.previewTo, { email: compose.to })}</p>
      <SelectField id={`${id}-template`} label={text.templateLabel} value={templateId} onChange={(event) => pick(event.target.value)}>
        <option value="">{text.blankTemplate}</option>
        {compose.templates.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </SelectField>
      <TextField id={`${id}-subject`} label={text.templateSubjectLabel} value={subject} maxLength={CANDIDATE_EMAIL_LIMITS.subject} onChange={(event) => setSubject(event.target.value)} error={errors.subject} />
      <TextareaField
        id={`${id}-body`}
        label={text.templateBodyLabel}
        hint={fill(text.mergeFieldsHint, { fields: mergeFieldsList })}
        rows={7}
        value={body}
        maxLength={CANDIDATE_EMAIL_LIMITS.body}
        onChange={(event) => setBody(event.target.value)}
        error={errors.body}
      />
      <section aria-labelledby={`${id}-preview`} className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        <h3 id={`${id}-preview`} className="font-semibold text-slate-900">
          {text.previewHeading}
        </h3>
        <p className="mt-2 font-medium break-words text-slate-900" data-testid="email-preview-subject">
          {fillMergeFields(subject, values)}
        </p>
        <p className="mt-2 break-words whitespace-pre-line text-slate-700" data-testid="email-preview-body">
          {fillMergeFields(body, values)}
        </p>
      </section>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          {text.templateCancel}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? text.sending : text.send}
        </Button>
      </div>
    </form>
  );
}
