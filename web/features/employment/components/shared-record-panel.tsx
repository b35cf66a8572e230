import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useSharedRecord } from '../api/get-shared-record.ts';
import { useLiveSharedRecord } from '../hooks/use-live-employment.ts';
import { formatMoment } from '../lib/format-dates.ts';
import { EmploymentTimeline, EpfoRecordSection, VerifiedChecks } from './record-timeline.tsx';
import { EpfoRefreshRequest } from './epfo-refresh-request.tsx';

const text = messages.employment;

/**
 * The verified employment history a candidate shared with the viewer's company, in the
 * pipeline's application panel: who confirmed what and when. Without the candidate's consent it
 * says so (and shows only the company's own records of the person, if it has any).
 */
export function SharedRecordPanel({ candidateId }: { candidateId: string }) {
  const record = useSharedRecord(candidateId);
  useLiveSharedRecord(useMe().data?.user.company_id ?? null);

  return (
    <section className="space-y-3" aria-label={text.panelTitle} data-testid="shared-record-panel">
      <h3 className="font-semibold text-slate-900">{text.panelTitle}</h3>
      {record.isPending ? (
        <Spinner label={text.panelLoading} />
      ) : record.isError ? (
        <div role="alert" className="text-sm text-slate-700">
          <p>{text.panelLoadFailed}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void record.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : record.data === null || (!record.data.shared && record.data.employments.length === 0) ? (
        <p className="text-sm text-slate-500">{text.notShared}</p>
      ) : (
        <>
          <p className="text-xs text-slate-600">{record.data.shared && record.data.shared_at ? fill(text.panelShared, { date: formatMoment(record.data.shared_at) }) : text.panelOwnOnly}</p>
          {record.data.employments.length === 0 ? <p className="text-sm text-slate-500">{text.historyEmpty}</p> : <EmploymentTimeline employments={record.data.employments} viewer="employer" />}
          {record.data.shared ? <EpfoRecordSection epfo={record.data.epfo} /> : null}
          {record.data.shared ? <EpfoRefreshRequest candidateId={candidateId} record={record.data} /> : null}
          {record.data.shared ? (
            <div className="space-y-2">
              <h4 className="text-sm font-medium text-slate-900">{text.checksTitle}</h4>
              <VerifiedChecks checks={record.data.checks} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
