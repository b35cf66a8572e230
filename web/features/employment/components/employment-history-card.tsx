import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useMe } from '@web/lib/session/get-me.ts';
import { useEmploymentRecords } from '../api/get-employment-records.ts';
import { useRecordShares } from '../api/get-record-shares.ts';
import { useLiveEmploymentHistory } from '../hooks/use-live-employment.ts';
import { PendingEmployments } from './pending-employments.tsx';
import { EmploymentTimeline, EpfoRecordSection, VerifiedChecks } from './record-timeline.tsx';
import { ShareForm, SharesList } from './share-controls.tsx';

const text = messages.employment;

function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="text-sm text-slate-700">
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {text.retry}
      </Button>
    </div>
  );
}

/** The candidate's verified employment history, who it is shared with and who viewed it. */
export function EmploymentHistoryCard() {
  const userId = useMe().data?.user.id;
  const records = useEmploymentRecords();
  const shares = useRecordShares();
  useLiveEmploymentHistory(userId);

  return (
    <Card data-testid="employment-history">
      <CardHeader>
        <CardTitle>{text.historyTitle}</CardTitle>
        <CardDescription>{text.historyIntro}</CardDescription>
      </CardHeader>
      <div className="grid gap-8 px-6 pb-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          {records.isPending ? (
            <Spinner />
          ) : records.isError ? (
            <Retry message={text.historyLoadFailed} onRetry={() => void records.refetch()} />
          ) : (
            <>
              <PendingEmployments pending={records.data.pending} />
              {records.data.employments.length === 0 ? <p className="text-sm text-slate-500">{text.historyEmpty}</p> : <EmploymentTimeline employments={records.data.employments} viewer="person" />}
              <EpfoRecordSection epfo={records.data.epfo} />
              <section className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-900">{text.checksTitle}</h3>
                <VerifiedChecks checks={records.data.checks} />
              </section>
            </>
          )}
        </div>
        <div className="space-y-6 lg:col-span-2">
          {shares.isPending ? (
            <Spinner />
          ) : shares.isError ? (
            <Retry message={text.sharesLoadFailed} onRetry={() => void shares.refetch()} />
          ) : (
            <>
              <section className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-900">{text.sharingTitle}</h3>
                <ShareForm overview={shares.data} />
              </section>
              <section className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-900">{text.sharesTitle}</h3>
                <SharesList shares={shares.data.shares} />
              </section>
            </>
          )}
        </div>
      </div>
    </Card>
  );
}
