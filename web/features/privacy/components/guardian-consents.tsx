import { useId, useState, type FormEvent } from 'react';
import { formatIst } from '@shared/schemas/interviews.ts';
import { messages } from '@shared/messages.ts';
import { FormDialogActions } from '@web/components/form-dialog-actions.tsx';
import { QueryBody } from '@web/components/query-body.tsx';
import { guardianConsentBodySchema } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextareaField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { submitValidated } from '@web/lib/submit-validated.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useGuardianConsents, useRecordGuardianConsent } from '../api/privacy.ts';

const text = messages.privacy;
const EMPTY = { email: '', guardian_name: '', relationship: '', evidence: '' };

/** Record a parent's or guardian's consent for a child's account, after checking who the parent is. */
function RecordGuardianDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const record = useRecordGuardianConsent();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    // An error goes once its field is edited; the others stay until the next try.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    void submitValidated({
      schema: guardianConsentBodySchema,
      values,
      send: record.mutateAsync,
      onSent: (recorded) => {
        toast.success(fill(text.guardianRecorded, { email: recorded.person.email }));
        onClose();
      },
      setErrors,
      // The server's refusals about the account go beside its email.
      codes: { NOT_FOUND: 'email', GUARDIAN_ALREADY_RECORDED: 'email', GUARDIAN_NOT_NEEDED: 'email' },
    });
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>{text.recordGuardian}</DialogTitle>
        <DialogDescription className="mt-2">{text.guardiansIntro}</DialogDescription>
        <form onSubmit={submit} noValidate aria-busy={record.isPending} className="mt-4 space-y-4">
          <TextField id={`${id}-email`} label={text.guardianEmailLabel} type="email" autoComplete="off" maxLength={254} required value={values.email} onChange={set('email')} error={errors.email} />
          <TextField id={`${id}-name`} label={text.guardianNameLabel} maxLength={100} required value={values.guardian_name} onChange={set('guardian_name')} error={errors.guardian_name} />
          <TextField id={`${id}-relationship`} label={text.guardianRelationshipLabel} maxLength={60} required value={values.relationship} onChange={set('relationship')} error={errors.relationship} />
          <TextareaField
            id={`${id}-evidence`}
            label={text.guardianEvidenceLabel}
            hint={text.guardianEvidenceHint}
            maxLength={500}
            required
            value={values.evidence}
            onChange={set('evidence')}
            error={errors.evidence}
          />
          <FormDialogActions onCancel={onClose} cancelLabel={text.cancel} submitLabel={text.recordGuardian} busy={record.isPending} busyLabel={text.saving} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Guardian consents of the admin Privacy tab: who consented for which child, how it was verified, by whom. */
export function GuardianConsents() {
  const consents = useGuardianConsents();
  const [recording, setRecording] = useState(false);
  return (
    <section aria-labelledby="guardians-heading" className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="guardians-heading" className="text-base font-semibold text-slate-900">
            {text.guardiansTitle}
          </h3>
          <p className="max-w-3xl text-sm text-slate-600">{text.guardiansIntro}</p>
        </div>
        <Button variant="outline" onClick={() => setRecording(true)}>
          {text.recordGuardian}
        </Button>
      </div>
      <QueryBody query={consents} label={text.guardiansTitle} failed={text.loadRequestsFailed} empty={text.guardiansEmpty}>
        {(rows) => (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {rows.map((consent) => (
              <li key={consent.person.id} data-testid="guardian-consent" className="space-y-1 p-4">
                <p className="font-medium text-slate-900">
                  {fill(text.guardianEntry, { guardian: consent.guardian_name, relationship: consent.relationship, name: consent.person.name || consent.person.email })}
                </p>
                <p className="text-sm break-all text-slate-700">{consent.person.email}</p>
                <p className="text-sm text-slate-800">{consent.evidence}</p>
                <p className="text-xs text-slate-600">{fill(text.guardianRecordedOn, { date: formatIst(consent.recorded_at), admin: consent.recorded_by ?? text.personGone })}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      {recording ? <RecordGuardianDialog onClose={() => setRecording(false)} /> : null}
    </section>
  );
}
