import { useId, useState, type FormEvent } from 'react';
import { messages } from '@shared/messages.ts';
import { lakhToPaise, type LetterKind } from '@shared/schemas/letters.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useIssueLetter } from '../api/letters.ts';

const text = messages.letters;

interface IssueLetterDialogProps {
  /** The kinds this person may get now: offer (an offered application), appointment (a current employee), relieving and experience (relieved). */
  kinds: readonly LetterKind[];
  target: { application_id: string } | { employment_id: string };
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue a letter: the kind (when more than one fits), and for an offer the joining date and annual
 * CTC in lakh (an appointment letter may state the CTC too). The server fills the template and
 * makes, stores and emails the PDF.
 */
export function IssueLetterDialog({ kinds, target, name, open, onOpenChange }: IssueLetterDialogProps) {
  const id = useId();
  const issue = useIssueLetter();
  const [kind, setKind] = useState<LetterKind>(kinds[0]!);
  const [joiningDate, setJoiningDate] = useState('');
  const [ctc, setCtc] = useState('');
  const [errors, setErrors] = useState<{ joining?: string; ctc?: string }>({});
  const asksTerms = kind === 'offer' || kind === 'appointment';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const paise = ctc.trim() === '' ? null : lakhToPaise(ctc);
    const found = {
      ...(kind === 'offer' && !joiningDate ? { joining: text.offerNeedsTerms } : {}),
      ...((kind === 'offer' && paise === null) || (ctc.trim() !== '' && paise === null) ? { ctc: text.invalidCtc } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await issue.mutateAsync({
        kind,
        ...target,
        ...(kind === 'offer' ? { joining_date: joiningDate } : {}),
        ...(asksTerms && paise !== null ? { annual_ctc_paise: paise } : {}),
      });
      toast.success(fill(text.issued, { kind: text.kinds[kind], name }));
      onOpenChange(false);
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.issueFailed, reason && isApiError(error) ? { description: reason } : undefined);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{fill(text.issue, { kind: text.kinds[kind].toLowerCase() })}</DialogTitle>
        <DialogDescription>{fill(text.issueDescription, { name })}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4" aria-busy={issue.isPending}>
          {kinds.length > 1 ? (
            <SelectField id={`${id}-kind`} label={text.columns.kind} value={kind} onChange={(event) => setKind(event.target.value as LetterKind)}>
              {kinds.map((option) => (
                <option key={option} value={option}>
                  {text.kinds[option]}
                </option>
              ))}
            </SelectField>
          ) : null}
          {kind === 'offer' ? (
            <TextField id={`${id}-joining`} type="date" label={text.joiningDateLabel} required value={joiningDate} onChange={(event) => setJoiningDate(event.target.value)} error={errors.joining} />
          ) : null}
          {asksTerms ? (
            <TextField
              id={`${id}-ctc`}
              inputMode="decimal"
              label={text.ctcLabel}
              required={kind === 'offer'}
              hint={kind === 'offer' ? text.ctcHint : text.ctcOptionalHint}
              value={ctc}
              onChange={(event) => setCtc(event.target.value)}
              error={errors.ctc}
            />
          ) : null}
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={issue.isPending}>
              {issue.isPending ? text.issuing : fill(text.issue, { kind: text.kinds[kind].toLowerCase() })}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
