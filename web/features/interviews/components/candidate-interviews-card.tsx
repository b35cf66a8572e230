import { CalendarClock } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { useMyInterviews } from '../api/get-my-interviews.ts';
import { useNow } from '@web/lib/use-now.ts';
import { InterviewLocation } from './interview-item.tsx';
import { useLiveInterviews } from '../hooks/use-live-interviews.ts';

const text = messages.interviews;

/** The candidate's upcoming interviews (and upcoming ones that were cancelled), times in IST. */
export function CandidateInterviewsCard() {
  const interviews = useMyInterviews();
  useLiveInterviews();
  const now = useNow();
  const upcoming = (interviews.data ?? []).filter((interview) => new Date(interview.scheduled_at).getTime() + interview.duration_minutes * 60_000 > now);

  return (
    <Card data-testid="candidate-interviews">
      <CardHeader className="pb-2">
        <CardTitle>{text.candidateCardTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {interviews.isPending ? (
          <Spinner label={text.loading} />
        ) : interviews.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {text.loadFailed}
          </p>
        ) : upcoming.length === 0 ? (
          <p className="text-sm text-slate-500">{text.candidateCardEmpty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {upcoming.map((interview) => (
              <li key={interview.id} className="space-y-1 py-3" data-testid="candidate-interview">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <CalendarClock className="size-4 text-slate-500" aria-hidden="true" />
                  <span className={interview.status === 'cancelled' ? 'line-through' : undefined}>{interview.starts_at_label}</span>
                  <span className="text-sm font-normal text-slate-500">· {fill(text.minutes, { count: String(interview.duration_minutes) })}</span>
                  {interview.status === 'cancelled' || interview.status === 'no_show' ? (
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${interview.status === 'cancelled' ? 'bg-red-50 text-red-700' : 'bg-amber-50 text-amber-800'}`}>{text.statusLabels[interview.status]}</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">{fill(text.candidateAt, { job: interview.job_title, company: interview.company_name })}</p>
                {interview.status === 'scheduled' ? (
                  <p className="text-sm text-slate-700">
                    <InterviewLocation mode={interview.mode} location={interview.location} />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
