import { BadgeCheck } from 'lucide-react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import type { IssuedDocument } from '@shared/schemas/digilocker.ts';
import { fill } from '@web/lib/fill.ts';

const text = messages.digilocker;

/** A date of DigiLocker's (YYYY-MM-DD) as people read it; the fetch time when DigiLocker gave none. */
const dateOf = (document: IssuedDocument) => formatIstDate(new Date(document.issued_on ? `${document.issued_on}T12:00:00+05:30` : document.fetched_at));

/**
 * What one brought document says, for the candidate and for employers alike: its name, who issued
 * it and when, the verified-by-issuer badge, and the education facts read from its certificate.
 * The wording of the two notes differs by reader ("your" or "their"), so the caller passes them.
 */
export function IssuedDocumentSummary({ document, notVerified, confirms }: { document: IssuedDocument; notVerified: string; confirms: string | null }) {
  const facts = [document.course, document.institution, document.passing_year?.toString()].filter((fact): fact is string => Boolean(fact));
  return (
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
      {!document.verified && <p className="text-sm text-amber-800">{notVerified}</p>}
      {facts.length > 0 && <p className="text-sm break-words text-slate-600">{facts.join(', ')}</p>}
      {document.confirms_education && confirms && <p className="text-sm text-emerald-800">{confirms}</p>}
    </div>
  );
}
