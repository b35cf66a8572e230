import { useState } from 'react';
import { formatIst } from '@shared/schemas/interviews.ts';
import { messages } from '@shared/messages.ts';
import { QueryBody } from '@web/components/query-body.tsx';
import type { Breach } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useNow } from '@web/lib/use-now.ts';
import { useBreaches, useMarkBreachReported } from '../api/privacy.ts';
import { NotifyBreachDialog, RecordBreachDialog } from './breach-dialogs.tsx';

const text = messages.privacy;

function Deadline({ breach, now }: { breach: Breach; now: number }) {
  if (breach.reported_at) return <span className="text-emerald-800">{fill(text.breachReportedOn, { date: formatIst(breach.reported_at) })}</span>;
  const overdue = new Date(breach.report_due_at).getTime() < now;
  return (
    <span className={cn('font-medium', overdue ? 'text-red-700' : 'text-amber-800')}>
      {fill(overdue ? text.breachReportOverdue : text.breachReportBy, { date: formatIst(breach.report_due_at) })}
    </span>
  );
}

/** The breach register of the admin Privacy tab: record, notify the affected, mark reported to the Board. */
export function BreachRegister() {
  const breaches = useBreaches();
  const reported = useMarkBreachReported();
  const now = useNow();
  const [recording, setRecording] = useState(false);
  const [notifying, setNotifying] = useState<Breach | null>(null);
  return (
    <section aria-labelledby="breaches-heading" className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="breaches-heading" className="text-base font-semibold text-slate-900">
            {text.breachesTitle}
          </h3>
          <p className="max-w-3xl text-sm text-slate-600">{text.breachesIntro}</p>
        </div>
        <Button variant="outline" onClick={() => setRecording(true)}>
          {text.recordBreach}
        </Button>
      </div>
      <QueryBody query={breaches} label={text.breachesTitle} failed={text.loadRequestsFailed} empty={text.breachesEmpty}>
        {(rows) => (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {rows.map((breach) => (
              <li key={breach.id} data-testid="breach" className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0 flex-1 basis-72 space-y-1">
                  <p className="font-medium text-slate-900">{breach.title}</p>
                  <p className="line-clamp-3 text-sm text-slate-700">{breach.description}</p>
                  <p className="text-xs text-slate-700">
                    {fill(text.breachAffectedCount, { count: breach.affected })}
                    {breach.notified_at ? ` · ${fill(text.breachNotifiedOn, { date: formatIst(breach.notified_at) })}` : ''}
                  </p>
                  <p className="text-xs">
                    <Deadline breach={breach} now={now} />
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {breach.notified_at ? null : (
                    <Button variant="outline" size="sm" onClick={() => setNotifying(breach)}>
                      {text.notifyAffected}
                    </Button>
                  )}
                  {breach.reported_at ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={reported.isPending}
                      onClick={() =>
                        reported.mutate(breach.id, { onSuccess: () => toast.success(text.markedReported), onError: (error) => toast.error(errorMessage(error, text.breachFailed)) })
                      }
                    >
                      {text.markReported}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      {recording ? <RecordBreachDialog onClose={() => setRecording(false)} /> : null}
      {notifying ? <NotifyBreachDialog breach={notifying} onClose={() => setNotifying(null)} /> : null}
    </section>
  );
}
