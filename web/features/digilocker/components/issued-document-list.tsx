import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import type { IssuedDocument } from '@shared/schemas/digilocker.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { BadgeCheck } from 'lucide-react';
import { useRemoveIssuedDocument } from '../api/digilocker.ts';

const text = messages.digilocker;

/** A date of DigiLocker's (YYYY-MM-DD) as people read it; the fetch time when DigiLocker gave none. */
const dateOf = (document: IssuedDocument) => formatIstDate(new Date(document.issued_on ? `${document.issued_on}T12:00:00+05:30` : document.fetched_at));

/** The documents brought from DigiLocker: who issued each, what it says, the candidate's copy, and Remove. */
export function IssuedDocumentList({ documents, education }: { documents: IssuedDocument[]; education: string | null }) {
  const remove = useRemoveIssuedDocument();
  if (documents.length === 0) return <p className="text-sm text-slate-600">{text.noneBrought}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {documents.map((document) => {
        const facts = [document.course, document.institution, document.passing_year?.toString()].filter((fact): fact is string => Boolean(fact));
        return (
          <li key={document.id} data-testid="issued-document" className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-slate-900">{document.name}</p>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
                {document.verified && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
                    <BadgeCheck className="size-3.5" aria-hidden="true" />
                    {text.verifiedBadge}
                  </span>
                )}
                <span>{fill(text.issuedBy, { issuer: document.issuer, date: dateOf(document) })}</span>
              </p>
              {!document.verified && <p className="text-sm text-amber-800">{text.notVerified}</p>}
              {facts.length > 0 && <p className="text-sm break-words text-slate-600">{facts.join(', ')}</p>}
              {document.confirms_education && education && <p className="text-sm text-emerald-800">{fill(text.confirmsEducation, { education })}</p>}
            </div>
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
        );
      })}
    </ul>
  );
}
