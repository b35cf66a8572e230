import { useState } from 'react';
import { CalendarClock, ClipboardList, MapPin, Phone, Video, XCircle } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { formatIstTime, type Interview } from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { useMe } from '@web/lib/session/get-me.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { fill } from '@web/lib/fill.ts';
import { useNow } from '@web/lib/use-now.ts';
import { CancelInterviewDialog } from './cancel-interview-dialog.tsx';
import { NoShowButton } from './no-show-button.tsx';
import { InterviewFormDialog } from './schedule-interview-dialog.tsx';
import { ScorecardDialog } from './scorecard-dialog.tsx';

const text = messages.interviews;
const MODE_ICONS = { video: Video, phone: Phone, in_person: MapPin } as const;
const STATUS_BADGES = { scheduled: '', cancelled: 'bg-red-50 text-red-700', completed: 'bg-green-50 text-green-700', no_show: 'bg-amber-50 text-amber-800' } as const;

/** Where the interview happens: a video link opens in a new tab; anything else is plain text. */
export function InterviewLocation({ mode, location }: { mode: Interview['mode']; location: string }) {
  const Icon = MODE_ICONS[mode];
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="sr-only">{text.modeLabels[mode]}:</span>
      {mode === 'video' ? (
        <a href={location} target="_blank" rel="noreferrer noopener" className="truncate text-brand-700 underline-offset-2 hover:underline">
          {location}
        </a>
      ) : mode === 'phone' ? (
        <a href={`tel:${location.replace(/[^\d+]/g, '')}`} className="text-brand-700 underline-offset-2 hover:underline">
          {location}
        </a>
      ) : (
        <span className="truncate">{location}</span>
      )}
    </span>
  );
}

/**
 * One interview with its actions: reschedule while scheduled, cancel only before the start, mark
 * (or unmark) a no-show after it, scorecards once started unless the candidate did not attend.
 */
export function InterviewItem({ interview, showCandidate = true, timeOnly = false }: { interview: Interview; showCandidate?: boolean; timeOnly?: boolean }) {
  const userId = useMe().data?.user?.id;
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | 'scorecard' | null>(null);
  const now = useNow();
  const started = new Date(interview.scheduled_at).getTime() <= now;
  const scheduled = interview.status === 'scheduled';
  // Scorecards mean the candidate was interviewed: the server refuses a no-show then.
  const noShowOffered = (interview.status === 'no_show' || (scheduled && started)) && interview.scorecard_count === 0;
  // Reschedule and Cancel are refused to interviewers by the server: not offered (issue 33 B6).
  const canManage = useCan('interviews.manage');

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-5 py-4" data-testid="interview-item">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <CalendarClock className="size-4 text-slate-500" aria-hidden="true" />
          <span>{timeOnly ? `${formatIstTime(interview.scheduled_at)} IST` : interview.starts_at_label}</span>
          <span className="text-sm font-normal text-slate-500">· {fill(text.minutes, { count: String(interview.duration_minutes) })}</span>
          {interview.status !== 'scheduled' ? (
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_BADGES[interview.status]}`}>
              {text.statusLabels[interview.status]}
            </span>
          ) : null}
        </p>
        {showCandidate ? <p className="text-sm text-slate-700">{fill(text.withCandidate, { candidate: interview.candidate_name, job: interview.job_title })}</p> : null}
        <p className="text-sm text-slate-700">
          <InterviewLocation mode={interview.mode} location={interview.location} />
        </p>
        <p className="text-xs text-slate-500">{fill(text.interviewersLine, { names: interview.interviewers.map((p) => p.full_name).join(', ') })}</p>
        {interview.cancel_reason ? <p className="text-xs text-slate-500">{fill(text.cancelledBecause, { reason: interview.cancel_reason })}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {scheduled && canManage ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setDialog('reschedule')}>
              <CalendarClock className="size-4" aria-hidden="true" />
              {text.reschedule}
            </Button>
            {started ? null : (
              <Button variant="outline" size="sm" onClick={() => setDialog('cancel')}>
                <XCircle className="size-4" aria-hidden="true" />
                {text.cancelInterview}
              </Button>
            )}
          </>
        ) : null}
        {canManage && noShowOffered ? <NoShowButton interview={interview} /> : null}
        {started && (interview.status === 'scheduled' || interview.status === 'completed') ? (
          <Button variant="outline" size="sm" onClick={() => setDialog('scorecard')}>
            <ClipboardList className="size-4" aria-hidden="true" />
            {interview.scorecard_count > 0 ? fill(text.scorecardCount, { count: String(interview.scorecard_count) }) : text.scorecard}
          </Button>
        ) : null}
      </div>
      {dialog === 'reschedule' ? (
        <InterviewFormDialog applicationId={interview.application_id} candidateName={interview.candidate_name} interview={interview} open onOpenChange={(open) => setDialog(open ? 'reschedule' : null)} />
      ) : null}
      {dialog === 'cancel' ? <CancelInterviewDialog interview={interview} open onOpenChange={(open) => setDialog(open ? 'cancel' : null)} /> : null}
      {dialog === 'scorecard' ? <ScorecardDialog interview={interview} userId={userId} open onOpenChange={(open) => setDialog(open ? 'scorecard' : null)} /> : null}
    </li>
  );
}
