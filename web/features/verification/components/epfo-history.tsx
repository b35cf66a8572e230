import { format, parseISO } from 'date-fns';
import { AlertTriangle, BadgeCheck, Info } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { EpfoFindings, EpfoLookupView } from '@shared/schemas/epfo.ts';
import { fill } from '@web/lib/fill.ts';
import { cn } from '@web/lib/cn.ts';

const text = messages.epfo;

/** An EPFO date's month ('YYYY-MM-DD' or 'YYYY-MM'), as people read it: Apr 2019; EPFO may have none. */
export const epfoMonth = (date: string | null) => (date ? format(parseISO(`${date.slice(0, 7)}-01`), 'MMM yyyy') : text.unknownDate);
const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

/**
 * What an EPFO lookup found: each establishment with its joining and exit months and the claims it
 * confirms, the claims it does not, and the flags with their evidence. The candidate reads about
 * "your" employers; an employer or the team about the candidate's.
 */
export function EpfoHistory({ lookup, findings, audience }: { lookup: EpfoLookupView; findings: EpfoFindings; audience: 'candidate' | 'others' }) {
  const sources = audience === 'candidate' ? text.claimSources : text.claimSourcesOthers;
  if (!findings.found) {
    return (
      <p className="text-sm text-slate-700" data-testid="epfo-not-found">
        {fill(text.notFound, { provider: lookup.provider_label })}
      </p>
    );
  }
  return (
    <div className="space-y-3 text-sm" data-testid="epfo-history">
      <p className="font-medium text-slate-900">{fill(lookup.method === 'passbook_otp' ? text.passbookFoundTitle : text.foundTitle, { provider: lookup.provider_label, date: lookup.decided_at ? day(lookup.decided_at) : '' })}</p>
      <ul className="space-y-2">
        {findings.employers.map((employer, index) => (
          <li key={`${employer.establishment}-${index}`} className="rounded-md border border-slate-200 p-2">
            <p className="font-medium text-slate-900">{employer.establishment}</p>
            <p className="text-slate-600">{fill(text.months, { from: epfoMonth(employer.joined), to: employer.exited ? epfoMonth(employer.exited) : text.present })}</p>
            {employer.confirms.length > 0 ? (
              <p className="mt-1 flex items-center gap-1 text-emerald-800">
                <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
                {fill(text.confirms, { claims: [...new Set(employer.confirms.map((claim) => sources[claim.source] ?? claim.source))].join(', ') })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {findings.name_match && findings.name_match !== 'strong' && findings.name_on_record ? <p className="text-amber-800">{fill(text.nameNotMatched, { name: findings.name_on_record })}</p> : null}
      {findings.flags.length > 0 ? (
        <ul className="space-y-2" aria-label={messages.verification.flagsLabel}>
          {findings.flags.map((flag, index) => {
            const info = flag.severity === 'info';
            const Icon = info ? Info : AlertTriangle;
            return (
              <li key={`${flag.code}-${index}`} className={cn('flex gap-2 rounded-md p-2', info ? 'bg-slate-50 text-slate-700' : 'bg-amber-50 text-amber-900')} data-testid={`epfo-flag-${flag.code}`}>
                <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  <span className="font-medium">{text.flagTitles[flag.code] ?? flag.code}</span>: {flag.detail}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
