import { useId, useState, type FormEvent } from 'react';
import { AlertTriangle } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { todayInIndia } from '@shared/schemas/jobs.ts';
import {
  rescheduleInterviewBodySchema,
  scheduleInterviewBodySchema,
  type Interview,
  type InterviewMode,
  type RescheduleInterviewBody,
} from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useTeamMembers } from '../api/get-scheduling-options.ts';
import { InterviewDetailsFields } from './interview-details-fields.tsx';
import { OfferSlotsForm } from './offer-slots-form.tsx';
import { interviewSlotsMessages as slotText } from '@shared/messages/interview-slots.ts';
import { useRescheduleInterview, useScheduleInterview } from '../api/save-interview.ts';

const text = messages.interviews;

export interface ScheduleInterviewDialogProps {
  applicationId: string;
  candidateName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Schedules an interview for an application; the pipeline's application panel and the Interviews page open it. */
export function ScheduleInterviewDialog(props: ScheduleInterviewDialogProps) {
  return <InterviewFormDialog {...props} />;
}

interface Values {
  date: string;
  time: string;
  duration: number;
  mode: InterviewMode;
  location: string;
  interviewerIds: string[];
}
type Errors = Partial<Record<'date' | 'time' | 'duration_minutes' | 'mode' | 'location' | 'interviewer_ids' | 'form', string>>;

function initialValues(interview?: Interview, me?: string): Values {
  // A new interview starts with the person scheduling it as the interviewer.
  if (!interview) return { date: '', time: '', duration: 60, mode: 'video', location: '', interviewerIds: me ? [me] : [] };
  return {
    date: interview.starts_at_ist.slice(0, 10),
    time: interview.starts_at_ist.slice(11, 16),
    duration: interview.duration_minutes,
    mode: interview.mode,
    location: interview.location,
    interviewerIds: interview.interviewers.map((person) => person.id),
  };
}

/** The schedule form, or with `interview` the reschedule form (only what changed is sent). */
export function InterviewFormDialog({ applicationId, candidateName, open, onOpenChange, interview }: ScheduleInterviewDialogProps & { interview?: Interview }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto" data-testid="interview-form-dialog">
        <DialogTitle>{interview ? text.rescheduleTitle : text.scheduleTitle}</DialogTitle>
        <DialogDescription>{interview ? text.rescheduleDescription : fill(text.scheduleDescription, { name: candidateName })}</DialogDescription>
        {/* Mounted only while open, so each opening starts from fresh values. */}
        {open ? interview ? <InterviewForm applicationId={applicationId} interview={interview} onDone={() => onOpenChange(false)} /> : <NewInterviewForms applicationId={applicationId} candidateName={candidateName} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A new interview: the recruiter picks the time, or (issue 36 §4) offers a few times and lets the
 * candidate pick one from their email. Only those who may manage interviews see this dialog.
 */
function NewInterviewForms({ applicationId, candidateName, onDone }: { applicationId: string; candidateName: string; onDone: () => void }) {
  const id = useId();
  const [way, setWay] = useState<'pick' | 'offer'>('pick');
  const choices = [
    ['pick', slotText.pickTime],
    ['offer', slotText.offerTimes],
  ] as const;
  return (
    <>
      <fieldset className="mt-4">
        <legend className="sr-only">{slotText.modeLegend}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {choices.map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'flex min-h-9 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                way === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <input type="radio" name={`${id}-way`} value={value} checked={way === value} className="sr-only" onChange={() => setWay(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {way === 'pick' ? <InterviewForm applicationId={applicationId} onDone={onDone} /> : <OfferSlotsForm applicationId={applicationId} candidateName={candidateName} onDone={onDone} />}
    </>
  );
}

function InterviewForm({ applicationId, interview, onDone }: { applicationId: string; interview?: Interview; onDone: () => void }) {
  const id = useId();
  const me = useMe().data?.user?.id;
  const [values, setValues] = useState<Values>(() => initialValues(interview, me));
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const team = useTeamMembers(true);
  const schedule = useScheduleInterview();
  const reschedule = useRescheduleInterview();
  const pending = schedule.isPending || reschedule.isPending;
  const employers = (team.data ?? []).filter((member) => member.role === 'employer');

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setConflict(null);
  };

  async function submit(allowConflicts: boolean) {
    const nextErrors: Errors = {};
    if (!values.date) nextErrors.date = text.dateRequired;
    if (!values.time) nextErrors.time = text.timeRequired;
    const startsAtIst = `${values.date}T${values.time}`;
    const full = { starts_at_ist: startsAtIst, duration_minutes: values.duration, mode: values.mode, location: values.location, interviewer_ids: values.interviewerIds };
    let body: RescheduleInterviewBody | null = null;
    let parsed;
    if (interview) {
      const initial = initialValues(interview);
      const changes: RescheduleInterviewBody = {
        ...(startsAtIst !== `${initial.date}T${initial.time}` ? { starts_at_ist: startsAtIst } : {}),
        ...(values.duration !== initial.duration ? { duration_minutes: values.duration } : {}),
        // A new mode needs its location, and a new location is checked against the mode.
        ...(values.mode !== initial.mode || values.location !== initial.location ? { mode: values.mode, location: values.location } : {}),
        ...(values.interviewerIds.slice().sort().join() !== initial.interviewerIds.slice().sort().join() ? { interviewer_ids: values.interviewerIds } : {}),
      };
      parsed = rescheduleInterviewBodySchema.safeParse(changes);
      if (parsed.success) body = parsed.data;
    } else {
      parsed = scheduleInterviewBodySchema.safeParse({ application_id: applicationId, ...full });
    }
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      const key = field === 'starts_at_ist' ? 'time' : typeof field === 'string' ? (field as keyof Errors) : 'form';
      nextErrors[key] ??= issue.message;
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;

    try {
      if (interview && body) {
        await reschedule.mutateAsync({ id: interview.id, ...body, ...(allowConflicts ? { allow_conflicts: true } : {}) });
        toast.success(text.rescheduled);
      } else {
        await schedule.mutateAsync({ application_id: applicationId, ...full, ...(allowConflicts ? { allow_conflicts: true } : {}) });
        toast.success(text.scheduled);
      }
      onDone();
    } catch (error) {
      if (isApiError(error, 409) && error.code === 'INTERVIEW_CONFLICT') {
        setConflict(error.message);
        return;
      }
      const reason = errorMessage(error, '');
      const issue = isApiError(error, 400) ? error.issues[0] : undefined;
      if (issue) setErrors({ [issue.path === 'starts_at_ist' ? 'time' : issue.path]: issue.message });
      toast.error(interview ? text.rescheduleFailed : text.scheduleFailed, reason ? { description: reason } : undefined);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-busy={pending}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-date`} type="date" label={text.dateLabel} min={todayInIndia()} value={values.date} onChange={(e) => set('date', e.target.value)} error={errors.date} required />
        <TextField
          id={`${id}-time`}
          type="time"
          label={text.timeLabel}
          hint={text.timeHint}
          value={values.time}
          onChange={(e) => set('time', e.target.value)}
          error={errors.time ?? errors.form}
          required
        />
      </div>
      <InterviewDetailsFields id={id} values={values} errors={errors} employers={employers} set={set} />

      {conflict ? (
        <div role="alert" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="interview-conflict">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="space-y-2">
            <p>{conflict}</p>
            <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => void submit(true)}>
              {interview ? text.saveAnyway : text.scheduleAnyway}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="flex justify-end gap-3 pt-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {text.close}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? (interview ? text.saving : text.scheduling) : interview ? text.save : text.scheduleInterview}
        </Button>
      </div>
    </form>
  );
}
