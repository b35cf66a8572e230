import { messages } from '@shared/messages.ts';
import type { IssuedDocument } from '@shared/schemas/digilocker.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { useRemoveIssuedDocument } from '../api/digilocker.ts';
import { IssuedDocumentSummary } from './issued-document-summary.tsx';

const text = messages.digilocker;

/** The documents brought from DigiLocker: who issued each, what it says, the candidate's copy, and Remove. */
export function IssuedDocumentList({ documents, education }: { documents: IssuedDocument[]; education: string | null }) {
  const remove = useRemoveIssuedDocument();
  if (documents.length === 0) return <p className="text-sm text-slate-600">{text.noneBrought}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {documents.map((document) => (
          <li key={document.id} data-testid="issued-document" className="flex flex-wrap items-start justify-between gap-3 py-3">
            <IssuedDocumentSummary document={document} notVerified={text.notVerified} confirms={education ? fill(text.confirmsEducation, { education }) : null} />
            <div className="flex flex-wrap gap-2">
              {document.url && (
                <Button asChild variant="outline" size="sm">
                  <a href={document.url} aria-label={fill(text.viewNamed, { name: document.name })}>
                    {text.view}
                  </a>
                </Button>
              )}
              <ConfirmButton
                label={text.remove}
                ariaLabel={fill(text.removeNamed, { name: document.name })}
                title={fill(text.removeTitle, { name: document.name })}
                body={text.removeBody}
                action={text.remove}
                destructive
                cancelLabel={text.cancel}
                done={fill(text.removed, { name: document.name })}
                onConfirm={async () => {
                  await remove.mutateAsync(document.id);
                }}
              />
            </div>
          </li>
      ))}
    </ul>
  );
}
