import { forCount } from '@shared/english.ts';
import { useState } from 'react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { QueryBody } from '@web/components/query-body.tsx';
import { adminRequestFilters, GRIEVANCE_DUE_DAYS, GRIEVANCE_WARNING_DAYS, type AdminPrivacyRequest } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useNow } from '@web/lib/use-now.ts';
import { useAdminPrivacyRequests } from '../api/privacy.ts';
import { AnswerRequestDialog } from './answer-request-dialog.tsx';
import { closedLabel, RequestStatus } from './request-status.tsx';
import { BreachRegister } from './breach-register.tsx';
import { GuardianConsents } from './guardian-consents.tsx';
import { RetentionRuns } from './retention-runs.tsx';

const text = messages.privacy;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Days left before the due date; the warning starts where the officer's email does (day 60 of 90). */
const WARN_WITHIN_DAYS = GRIEVANCE_DUE_DAYS - GRIEVANCE_WARNING_DAYS;

function DueNote({ request, now }: { request: AdminPrivacyRequest; now: number }) {
  if (request.closed_at) return <span className="text-slate-600">{closedLabel(request.kind, request.closed_at, (iso) => formatIstDate(new Date(iso)))}</span>;
  const days = Math.ceil((new Date(request.due_at).getTime() - now) / DAY_MS);
  const label = days < 0 ? fill(forCount(-days, text.overdueOne, text.overdue), { days: -days }) : days === 0 ? text.dueToday : fill(forCount(days, text.dueInOne, text.dueIn), { days });
  return (
    <span className={cn('font-medium', days < 0 ? 'text-red-700' : days <= WARN_WITHIN_DAYS ? 'text-amber-800' : 'text-slate-700')}>
      {label}
      {days >= 0 && days <= WARN_WITHIN_DAYS ? ` · ${text.dueSoon}` : ''}
    </span>
  );
}

/** The Privacy tab of /admin: grievances (and later corrections and erasures), oldest due first, each answered here. */
export function AdminPrivacyTab() {
  const [filter, setFilter] = useState<(typeof adminRequestFilters)[number]>('open');
  const [answering, setAnswering] = useState<AdminPrivacyRequest | null>(null);
  const requests = useAdminPrivacyRequests(filter);
  const now = useNow();
  return (
    <section aria-labelledby="admin-privacy-heading" className="space-y-6">
      <div>
        <h2 id="admin-privacy-heading" className="text-lg font-semibold text-slate-900">
          {text.adminTitle}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{text.adminIntro}</p>
      </div>
      <SelectField id="admin-privacy-filter" label={text.adminFilterLabel} className="max-w-48" value={filter} onChange={(event) => setFilter(event.target.value as typeof filter)}>
        {adminRequestFilters.map((value) => (
          <option key={value} value={value}>
            {text.adminFilters[value]}
          </option>
        ))}
      </SelectField>
      <QueryBody query={requests} label={text.adminTitle} failed={text.loadRequestsFailed} empty={text.adminEmpty}>
        {(rows) => (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {rows.map((request) => (
              <li key={request.id} data-testid="admin-privacy-request" className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0 flex-1 basis-72 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">
                      {request.reference} · {text.requestKinds[request.kind]}
                      {request.kind === 'grievance' && request.topic in text.topics ? ` · ${text.topics[request.topic as keyof typeof text.topics]}` : ''}
                    </span>
                    <RequestStatus kind={request.kind} status={request.status} />
                  </div>
                  <p className="text-sm break-all text-slate-700">{request.person ? `${request.person.name || request.person.email} · ${request.person.email}` : text.personGone}</p>
                  <p className="line-clamp-3 text-sm text-slate-800">{request.details}</p>
                  <p className="text-xs">
                    <DueNote request={request} now={now} />
                  </p>
                </div>
                {request.closed_at || request.kind === 'erasure' ? null : (
                  <Button variant="outline" size="sm" onClick={() => setAnswering(request)} aria-label={`${text.answer} ${request.reference}`}>
                    {text.answer}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      {answering ? <AnswerRequestDialog request={answering} onClose={() => setAnswering(null)} /> : null}
      <BreachRegister />
      <GuardianConsents />
      <RetentionRuns />
    </section>
  );
}
