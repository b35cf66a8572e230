import { useId, useState, type FormEvent } from 'react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { LETTER_LIMITS, type CompanyLetter } from '@shared/schemas/letters.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextareaField } from '@web/components/ui/select-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useCompanyLetters, useRevokeLetter } from '../api/letters.ts';
import { LetterLinks, LettersCard } from './letters-card.tsx';
import { LetterStatus } from './letter-status.tsx';

const text = messages.letters;

function RevokeDialog({ letter, onOpenChange }: { letter: CompanyLetter; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const revoke = useRevokeLetter();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(text.reasonRequired);
    try {
      await revoke.mutateAsync({ id: letter.id, reason: reason.trim() });
      toast.success(text.revoked);
      onOpenChange(false);
    } catch (failure) {
      toast.error(text.revokeFailed, { description: errorMessage(failure, '') || undefined });
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{text.revokeTitle}</DialogTitle>
        <DialogDescription>{text.revokeDescription}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
          <TextareaField id={`${id}-reason`} label={text.reasonLabel} required maxLength={LETTER_LIMITS.reason} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} error={error} />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={revoke.isPending}>
              {revoke.isPending ? text.revoking : text.revoke}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Documents → Letters issued: every letter of the company with its status, PDF, verification page and Revoke. */
export function CompanyLettersCard() {
  const letters = useCompanyLetters();
  const [revoking, setRevoking] = useState<CompanyLetter | null>(null);
  return (
    <>
      <LettersCard title={text.listTitle} description={text.listDescription} none={text.none} letters={letters}>
        {(data) => (
          <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={text.listTitle}>
            <table className="w-full min-w-[640px] text-left text-sm">
              <thead className="text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.columns.person}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.columns.kind}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.columns.issued}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.columns.status}</th>
                  <th scope="col" className="py-2 text-right font-medium">{text.columns.actions}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.map((letter) => (
                  <tr key={letter.id} data-testid="letter-row" aria-label={`${text.kinds[letter.kind]}, ${letter.recipient_name}`}>
                    <td className="py-3 pr-4">
                      <p className="font-medium text-slate-900">{letter.recipient_name}</p>
                      <p className="text-xs text-slate-600">{letter.title}</p>
                    </td>
                    <td className="py-3 pr-4 text-slate-700">{text.kinds[letter.kind]}</td>
                    <td className="py-3 pr-4 whitespace-nowrap text-slate-700">
                      <time dateTime={letter.issued_at}>{formatIstDate(new Date(letter.issued_at))}</time>
                    </td>
                    <td className="py-3 pr-4">
                      <LetterStatus revokedAt={letter.revoked_at} />
                      {letter.revoke_reason ? <p className="mt-1 max-w-56 text-xs break-words text-slate-600">{letter.revoke_reason}</p> : null}
                    </td>
                    <td className="py-3">
                      <div className="flex flex-wrap justify-end gap-2">
                        <LetterLinks letter={letter} downloadLabel={fill(text.downloadNamed, { kind: text.kinds[letter.kind].toLowerCase(), name: letter.recipient_name })} downloadText="PDF" />
                        {letter.revoked_at ? null : (
                          <Button variant="outline" size="sm" onClick={() => setRevoking(letter)}>
                            {text.revoke}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LettersCard>
      {revoking ? <RevokeDialog letter={revoking} onOpenChange={(open) => (open ? null : setRevoking(null))} /> : null}
    </>
  );
}
