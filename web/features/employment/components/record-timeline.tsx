import { BadgeCheck, Building2 } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { EmploymentRecord, EpfoHistoryRecord, VerifiedCheck } from '@shared/schemas/employment.ts';
import { fill } from '@web/lib/fill.ts';
import { epfoMonth } from '@web/features/verification/components/epfo-history.tsx';
import { formatDay, formatMoment } from '../lib/format-dates.ts';

const text = messages.employment;

/** What confirmed it: "EPFO records via …", or the passbook the member's OTP opened (the stronger option). */
const epfoSourceLine = (method: string) => (method === 'passbook_otp' ? messages.epfo.passbookSourceLine : messages.epfo.sourceLine);

/** Who vouches for the employment and when: the hire through WorkCred, or the person's confirmation. */
function sourceLine(employment: EmploymentRecord, viewer: 'person' | 'employer'): string {
  if (employment.confirmed_by === 'hire') return fill(text.hiredBy, { company: employment.recorded_by, date: formatMoment(employment.confirmed_at) });
  return fill(viewer === 'person' ? text.confirmedByYou : text.confirmedByCandidate, { date: formatMoment(employment.confirmed_at) });
}

/** The date range, or where it stands when the joining date or the last working day is still ahead. */
export function employmentPeriod(employment: Pick<EmploymentRecord, 'joining_date' | 'last_working_day' | 'status'>): string {
  if (employment.status === 'joining') return fill(text.joiningOn, { date: formatDay(employment.joining_date) });
  const to = employment.status === 'notice' && employment.last_working_day ? fill(text.servingNoticeUntil, { date: formatDay(employment.last_working_day) }) : employment.last_working_day ? formatDay(employment.last_working_day) : text.present;
  return fill(text.dateRange, { from: formatDay(employment.joining_date), to });
}

/**
 * Employments, newest first, each saying who recorded it, who vouches for it and when. The same
 * view for the candidate (their own card) and the employer (the shared record): they see the same
 * thing, worded for the reader.
 */
export function EmploymentTimeline({ employments, viewer }: { employments: EmploymentRecord[]; viewer: 'person' | 'employer' }) {
  return (
    <ol className="space-y-4 border-l border-slate-200 pl-5" aria-label={text.historyTitle}>
      {employments.map((employment) => (
        <li key={employment.id} className="relative" data-testid="employment-record">
          <span className="absolute top-1.5 -left-[1.65rem] size-3 rounded-full border-2 border-white bg-brand-600 ring-1 ring-brand-600" aria-hidden="true" />
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="font-medium text-slate-900">
              {employment.title} <span className="font-normal text-slate-600">· {employment.company_name}</span>
            </p>
            <p className="text-sm whitespace-nowrap text-slate-600">
              {employmentPeriod(employment)}
            </p>
          </div>
          {employment.relieving_reason ? <p className="mt-1 text-sm text-slate-600">{fill(text.relievingReason, { reason: employment.relieving_reason })}</p> : null}
          <ul className="mt-2 flex flex-wrap gap-2 text-xs">
            <li className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {sourceLine(employment, viewer)}
            </li>
            {employment.confirmed_by === 'person' ? (
              <li className="inline-flex items-center gap-1 rounded-full bg-slate-50 px-2 py-0.5 font-medium text-slate-600 ring-1 ring-slate-200">
                <Building2 className="size-3.5" aria-hidden="true" />
                {fill(text.recordedBy, { company: employment.recorded_by, date: formatMoment(employment.recorded_at) })}
              </li>
            ) : null}
            {employment.epfo ? (
              <li className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200" data-testid="employment-epfo">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                {fill(epfoSourceLine(employment.epfo.method), { provider: employment.epfo.provider_label, date: formatMoment(employment.epfo.confirmed_at) })}
              </li>
            ) : null}
            {employment.relieved_recorded_at ? (
              <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 ring-1 ring-slate-200">
                <Building2 className="size-3.5" aria-hidden="true" />
                {fill(text.relievedRecordedBy, { company: employment.recorded_by, date: formatMoment(employment.relieved_recorded_at) })}
              </li>
            ) : null}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The verified checks behind the history: what, and which kind of decider confirmed it when. */
export function VerifiedChecks({ checks }: { checks: VerifiedCheck[] }) {
  if (checks.length === 0) return <p className="text-sm text-slate-500">{text.checksEmpty}</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label={text.checksTitle}>
      {checks.map((check) => (
        <li key={check.subject} className="flex items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
          <BadgeCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-900">
              {text.subjects[check.subject]} <span className="sr-only">{text.verifiedBadge}</span>
            </p>
            <p className="text-xs text-slate-600">
              {check.decided_by
                ? fill(text.checkDecided, { who: text.deciders[check.decided_by], date: check.decided_at ? formatMoment(check.decided_at) : '—' })
                : text.verifiedBadge}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}


/**
 * The employments EPFO's records hold (issue 34), each with its joining and exit months, and who
 * confirmed them when: "EPFO records via Surepass, 27 Nov 2026". Nothing when there is none.
 */
export function EpfoRecordSection({ epfo }: { epfo: EpfoHistoryRecord | null }) {
  if (!epfo) return null;
  return (
    <section className="space-y-2" data-testid="epfo-record">
      <h3 className="text-sm font-semibold text-slate-900">{messages.epfo.recordTitle}</h3>
      <p className="inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
        <BadgeCheck className="size-3.5" aria-hidden="true" />
        {fill(epfoSourceLine(epfo.method), { provider: epfo.provider_label, date: formatMoment(epfo.confirmed_at) })}
      </p>
      <ul className="space-y-1 text-sm">
        {epfo.employers.map((employer, index) => (
          <li key={`${employer.establishment}-${index}`} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-medium text-slate-900">{employer.establishment}</span>
            <span className="text-slate-600">{fill(messages.epfo.months, { from: epfoMonth(employer.joined), to: employer.exited ? epfoMonth(employer.exited) : messages.epfo.present })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
