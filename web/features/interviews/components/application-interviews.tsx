import { messages } from '@shared/messages.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useApplicationInterviews } from '../api/get-interviews.ts';
import { useLiveInterviews } from '../hooks/use-live-interviews.ts';
import { InterviewItem } from './interview-item.tsx';
import { PendingSlotOffer } from './pending-slot-offer.tsx';
import { ScorecardSummaryList } from './scorecard-summary.tsx';

const text = messages.interviews;

/** The interviews of one application (upcoming first), shown in the pipeline's application panel. */
export function ApplicationInterviews({ applicationId }: { applicationId: string }) {
  const interviews = useApplicationInterviews(applicationId);
  // A candidate picking an offered time, or a colleague scheduling, shows here without a reload.
  useLiveInterviews();
  return (
    <section aria-label={text.applicationInterviewsTitle} className="space-y-2" data-testid="application-interviews">
      <h3 className="text-sm font-semibold text-slate-900">{text.applicationInterviewsTitle}</h3>
      <PendingSlotOffer applicationId={applicationId} />
      {interviews.isPending ? (
        <Spinner label={text.loading} />
      ) : interviews.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {text.loadFailed}
        </p>
      ) : interviews.data.length === 0 ? (
        <p className="text-sm text-slate-500">{text.noApplicationInterviews}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {interviews.data.map((interview) => (
            <InterviewItem key={interview.id} interview={interview} showCandidate={false} />
          ))}
        </ul>
      )}
      <ScorecardSummaryList applicationId={applicationId} />
    </section>
  );
}
