import { useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { formatIstDay, type Interview } from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { useInterviews, type InterviewView } from '../api/get-interviews.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { InterviewItem } from './interview-item.tsx';
import { PickApplicationDialog } from './pick-application-dialog.tsx';
import { ScheduleInterviewDialog } from './schedule-interview-dialog.tsx';
import { useLiveInterviews } from '../hooks/use-live-interviews.ts';

const text = messages.interviews;
const VIEWS = ['upcoming', 'past', 'cancelled'] as const satisfies readonly InterviewView[];
const EMPTY = { upcoming: text.emptyUpcoming, past: text.emptyPast, cancelled: text.emptyCancelled } as const;

/** Groups interviews (already in order) by their day in India. */
function byIstDay(interviews: Interview[]): { day: string; interviews: Interview[] }[] {
  const groups: { day: string; interviews: Interview[] }[] = [];
  for (const interview of interviews) {
    const day = formatIstDay(interview.scheduled_at);
    const last = groups.at(-1);
    if (last?.day === day) last.interviews.push(interview);
    else groups.push({ day, interviews: [interview] });
  }
  return groups;
}

/** /dashboard/interviews: the company's interviews by day in IST, upcoming, past or cancelled. */
export function InterviewsPage() {
  const [view, setView] = useState<(typeof VIEWS)[number]>('upcoming');
  const [picking, setPicking] = useState(false);
  const [application, setApplication] = useState<{ id: string; candidateName: string } | null>(null);
  const interviews = useInterviews(view);
  const canSchedule = useCan('interviews.manage');
  useLiveInterviews();

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.pageTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{text.pageDescription}</p>
        </div>
        {canSchedule ? (
          <Button onClick={() => setPicking(true)}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            {text.scheduleInterview}
          </Button>
        ) : null}
      </div>

      <div role="group" aria-label={text.pageTitle} className="inline-flex rounded-lg border border-slate-200 bg-white p-1 shadow-sm">
        {VIEWS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => setView(value)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
              view === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {text.filters[value]}
          </button>
        ))}
      </div>

      {interviews.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label={text.loading} />
        </div>
      ) : interviews.isError ? (
        <Card className="p-6 text-sm text-slate-700" role="alert">
          {text.loadFailed}
        </Card>
      ) : interviews.data.length === 0 ? (
        <Card className="p-6 text-sm text-slate-500">{EMPTY[view]}</Card>
      ) : (
        <div className="space-y-6" data-testid="interviews-list">
          {byIstDay(interviews.data).map((group) => (
            <section key={group.day} aria-label={group.day} className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-700">{group.day}</h3>
              <Card>
                <ul className="divide-y divide-slate-100">
                  {group.interviews.map((interview) => (
                    <InterviewItem key={interview.id} interview={interview} timeOnly />
                  ))}
                </ul>
              </Card>
            </section>
          ))}
        </div>
      )}

      <CalendarFeedCard />

      <PickApplicationDialog
        open={picking}
        onOpenChange={setPicking}
        onPicked={(picked) => {
          setPicking(false);
          setApplication(picked);
        }}
      />
      {application ? (
        <ScheduleInterviewDialog applicationId={application.id} candidateName={application.candidateName} open onOpenChange={(open) => (open ? undefined : setApplication(null))} />
      ) : null}
    </div>
  );
}
