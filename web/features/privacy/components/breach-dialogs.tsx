import { forCount } from '@shared/english.ts';
import { useId, useState, type FormEvent } from 'react';
import { formatIst, istLocalToUtc, utcToIstLocal } from '@shared/schemas/interviews.ts';
import { messages } from '@shared/messages.ts';
import { FormDialogActions } from '@web/components/form-dialog-actions.tsx';
import { breachBodySchema, type Breach } from '@shared/schemas/privacy.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { TextareaField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useNotifyBreach, useRecordBreach } from '../api/privacy.ts';

const text = messages.privacy;

/** Record a breach: what happened, when it was discovered (IST), and who it affected. */
export function RecordBreachDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const record = useRecordBreach();
  const [values, setValues] = useState({ title: '', description: '', discovered: utcToIstLocal(new Date()), affected: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const instant = istLocalToUtc(values.discovered);
    const body = { title: values.title, description: values.description, discovered_at: instant ? instant.toISOString() : '', affected_emails: values.affected };
    const parsed = breachBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const breach = await record.mutateAsync(body);
      toast.success(fill(text.breachRecorded, { date: formatIst(breach.report_due_at) }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status < 500) setErrors({ server: error.message });
      else toast.error(errorMessage(error, text.breachFailed));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>{text.recordBreach}</DialogTitle>
        <DialogDescription className="mt-2">{text.breachesIntro}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={record.isPending} className="mt-4 space-y-4">
          <TextField id={`${id}-title`} label={text.breachTitleLabel} maxLength={200} required value={values.title} onChange={set('title')} error={errors.title} />
          <TextareaField id={`${id}-description`} label={text.breachDescriptionLabel} maxLength={5000} required value={values.description} onChange={set('description')} error={errors.description} />
          <TextField id={`${id}-discovered`} label={text.breachDiscoveredLabel} type="datetime-local" required value={values.discovered} onChange={set('discovered')} error={errors.discovered_at} />
          <TextareaField
            id={`${id}-affected`}
            label={text.breachAffectedLabel}
            hint={text.breachAffectedHint}
            required
            value={values.affected}
            onChange={set('affected')}
            error={errors.affected_emails}
          />
          <FieldError id={`${id}-server`} message={errors.server} />
          <FormDialogActions onCancel={onClose} cancelLabel={text.cancel} submitLabel={text.recordBreach} busy={record.isPending} busyLabel={text.saving} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Notify the affected people: a notice prefilled with what the Rules ask for, sent once. */
export function NotifyBreachDialog({ breach, onClose }: { breach: Breach; onClose: () => void }) {
  const id = useId();
  const notify = useNotifyBreach();
  const [notice, setNotice] = useState(fill(text.noticeDefault, { title: breach.title }));
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!notice.trim()) return setError(text.breachNoticeRequired);
    try {
      await notify.mutateAsync({ id: breach.id, notice });
      toast.success(fill(forCount(breach.affected, text.noticeSentOne, text.noticeSent), { count: breach.affected }));
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.status < 500) setError(failure.message);
      else toast.error(errorMessage(failure, text.breachFailed));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>{text.notifyTitle}</DialogTitle>
        <DialogDescription className="mt-2">{fill(text.breachAffectedCount, { count: breach.affected })}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={notify.isPending} className="mt-4 space-y-4">
          <TextareaField id={`${id}-notice`} label={text.noticeLabel2} required rows={8} maxLength={5000} value={notice} onChange={(event) => setNotice(event.target.value)} error={error} />
          <FormDialogActions onCancel={onClose} cancelLabel={text.cancel} submitLabel={text.sendNotice} busy={notify.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
