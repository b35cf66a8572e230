import { useId, useState, type FormEvent } from 'react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { correctionBodySchema, type CorrectionTarget } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { SelectField, TextareaField } from '@web/components/ui/select-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useRequestCorrection } from '../api/privacy.ts';
import { PrivacySection } from './privacy-section.tsx';

const text = messages.privacy;
const OTHER = 'other:';

/** Correction: for what others confirmed (an employment record, a verified check), a request to them. */
export function CorrectionSection({ targets }: { targets: CorrectionTarget[] }) {
  const id = useId();
  const ask = useRequestCorrection();
  const [target, setTarget] = useState(targets[0] ? `${targets[0].subject}:${targets[0].ref}` : OTHER);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const [subject, ...rest] = target.split(':');
    const body = { subject, ref: rest.join(':') || null, details };
    const parsed = correctionBodySchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      const request = await ask.mutateAsync(parsed.data);
      toast.success(fill(text.correctionSent, { reference: request.reference, date: formatIstDate(new Date(request.due_at)) }));
      setDetails('');
    } catch (failure) {
      if (isApiError(failure) && failure.status < 500) setError(failure.message);
      else toast.error(errorMessage(failure, text.correctionFailed));
    }
  }

  return (
    <PrivacySection id="correction" title={text.correctionTitle} intro={text.correctionIntro}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={ask.isPending} className="space-y-4">
        <SelectField id={`${id}-target`} label={text.correctionWhatLabel} className="sm:max-w-md" value={target} onChange={(event) => setTarget(event.target.value)}>
          {targets.map((option) => (
            <option key={`${option.subject}:${option.ref}`} value={`${option.subject}:${option.ref}`}>
              {option.label}
            </option>
          ))}
          <option value={OTHER}>{text.correctionOther}</option>
        </SelectField>
        <TextareaField id={`${id}-details`} label={text.detailsLabel} required maxLength={5000} value={details} onChange={(event) => setDetails(event.target.value)} error={error} />
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? text.submitting : text.submitCorrection}
        </Button>
      </form>
    </PrivacySection>
  );
}
