import { useState } from 'react';
import { format } from 'date-fns';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages.ts';
import type { QueueItem } from '@shared/schemas/verification.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { useLiveEvents } from '@web/lib/live/use-live-events.ts';
import { useVerificationQueue, verificationQueueQueryKey, type QueueFilter } from '../api/get-queue.ts';
import { CheckReviewPanel } from './check-review-panel.tsx';
import { CheckStatusBadge } from './check-status-badge.tsx';
import { ProviderCallsCard } from './provider-calls-card.tsx';
import { Pager } from '@web/components/pager.tsx';

const text = messages.verification;
const FILTERS: QueueFilter[] = ['open', 'in_review', 'pending', 'verified', 'rejected'];
const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

function QueueTable({ checks, onOpen }: { checks: readonly QueueItem[]; onOpen: (id: string) => void }) {
  if (checks.length === 0) return <p className="p-6 text-center text-sm text-slate-500">{text.queueEmpty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="verification-queue">
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">{text.colCandidate}</th>
            <th scope="col" className="px-4 py-2 font-medium">{text.colCheck}</th>
            <th scope="col" className="px-4 py-2 font-medium">{text.colStatus}</th>
            <th scope="col" className="px-4 py-2 font-medium">{text.colFlags}</th>
            <th scope="col" className="px-4 py-2 font-medium">{text.colUpdated}</th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">{text.open}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {checks.map((check) => {
            const toReview = check.flags.filter((flag) => flag.outcome !== 'match').length;
            const subject = text.subjects[check.subject] ?? check.subject;
            return (
              <tr key={check.id} className="hover:bg-slate-50">
                <td className="px-4 py-2 align-top">
                  <p className="font-medium text-slate-900">{check.candidate_name}</p>
                  {check.candidate_code ? <p className="font-mono text-xs text-slate-500">{check.candidate_code}</p> : null}
                </td>
                <td className="px-4 py-2 align-top text-slate-700">{subject}</td>
                <td className="px-4 py-2 align-top">
                  <CheckStatusBadge status={check.status} />
                </td>
                <td className="px-4 py-2 align-top text-xs">
                  {check.flags.length === 0 ? null : toReview > 0 ? (
                    <span className="font-medium text-amber-800">{fill(text.flagCount, { count: String(toReview) })}</span>
                  ) : (
                    <span className="text-emerald-700">{text.allMatch}</span>
                  )}
                </td>
                <td className="px-4 py-2 align-top whitespace-nowrap text-slate-600">
                  <time dateTime={check.updated_at}>{when(check.updated_at)}</time>
                </td>
                <td className="px-4 py-2 text-right align-top">
                  <Button variant="outline" size="sm" onClick={() => onOpen(check.id)} aria-label={`${text.open}: ${subject}, ${check.candidate_name}`}>
                    {text.open}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The verification team's review queue, an admin tab: open checks oldest first (or any status),
 * and one check at a time with its PDF, the automatic pass's flags, and the decision.
 */
export function AdminVerificationTab() {
  const [filter, setFilter] = useState<QueueFilter>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useVerificationQueue(filter, page);
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'ready' || event.type === 'verification_check') void queryClient.invalidateQueries({ queryKey: verificationQueueQueryKey });
  });

  if (selected) return <CheckReviewPanel checkId={selected} onBack={() => setSelected(null)} />;

  return (
    <div className="space-y-6">
      <Card>
        <section aria-labelledby="verification-queue-title">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <h3 id="verification-queue-title" className="font-semibold text-slate-900">
              {text.queueTitle}
            </h3>
            <div className="flex items-center gap-2">
              <Label htmlFor="verification-filter">{text.filterLabel}</Label>
              <select
                id="verification-filter"
                className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
                value={filter}
                onChange={(event) => {
                  setFilter(event.target.value as QueueFilter);
                  setPage(1);
                }}
              >
                {FILTERS.map((value) => (
                  <option key={value} value={value}>
                    {text.filters[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {queue.isPending ? (
            <div className="flex justify-center p-10">
              <Spinner />
            </div>
          ) : queue.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
              <p className="font-medium text-red-700">{text.queueLoadFailed}</p>
              <Button variant="outline" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
                {text.retry}
              </Button>
            </div>
          ) : (
            <QueueTable checks={queue.data.checks} onOpen={setSelected} />
          )}
          {page > 1 || queue.data?.has_more ? (
            <div className="border-t border-slate-200 px-4 py-2">
              <Pager
                page={page}
                hasMore={queue.data?.has_more ?? false}
                busy={queue.isFetching}
                onPageChange={setPage}
                texts={{ label: text.queuePages, previous: text.previousPage, next: text.nextPage, pageOf: text.queuePageOf }}
              />
            </div>
          ) : null}
        </section>
      </Card>
      <ProviderCallsCard />
    </div>
  );
}
