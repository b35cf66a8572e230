import { useId, useState, type FormEvent } from 'react';
import { AlertTriangle } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { todayInIndia } from '@shared/schemas/jobs.ts';
import {
  DURATION_CHOICES,
  INTERVIEW_MODES,
  rescheduleInterviewBodySchema,
  scheduleInterviewBodySchema,
  type Interview,
  type InterviewMode,
  type RescheduleInterviewBody,
} from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useTeamMembers } from '../api/get-scheduling-options.ts';
import { useRescheduleInterview, useScheduleInterview } from '../api/save-interview.ts';

const text = messages.interviews;
export const selectClass =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

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
        {open ? <InterviewForm applicationId={applicationId} interview={interview} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
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
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-duration`}>{text.durationLabel}</Label>
        <select id={`${id}-duration`} className={selectClass} value={values.duration} onChange={(e) => set('duration', Number(e.target.value))}>
          {[...new Set<number>([...DURATION_CHOICES, values.duration])]
            .sort((a, b) => a - b)
            .map((minutes) => (
              <option key={minutes} value={minutes}>
                {fill(text.minutes, { count: String(minutes) })}
              </option>
            ))}
        </select>
        <FieldError id={`${id}-duration-error`} message={errors.duration_minutes} />
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-700">{text.modeLabel}</legend>
        <div className="flex gap-2">
          {INTERVIEW_MODES.map((value) => (
            <label
              key={value}
              className={cn(
                'flex h-10 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm font-medium shadow-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                values.mode === value ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <input type="radio" name={`${id}-mode`} value={value} checked={values.mode === value} className="sr-only" onChange={() => set('mode', value)} />
              {text.modeLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        id={`${id}-location`}
        label={text.locationLabels[values.mode]}
        placeholder={text.locationPlaceholders[values.mode]}
        type={values.mode === 'video' ? 'url' : values.mode === 'phone' ? 'tel' : 'text'}
        maxLength={500}
        value={values.location}
        onChange={(e) => set('location', e.target.value)}
        error={errors.location}
        required
      />
      <fieldset className="space-y-1.5" aria-describedby={`${id}-interviewers-hint`}>
        <legend className="text-sm font-medium text-slate-700">{text.interviewersLabel}</legend>
        <p id={`${id}-interviewers-hint`} className="text-xs text-slate-500">
          {text.interviewersHint}
        </p>
        <div className="max-h-40 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {employers.map((member) => (
            <label key={member.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm text-slate-800 hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={values.interviewerIds.includes(member.id)}
                onChange={(e) => set('interviewerIds', e.target.checked ? [...values.interviewerIds, member.id] : values.interviewerIds.filter((x) => x !== member.id))}
              />
              {member.full_name}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-interviewers-error`} message={errors.interviewer_ids} />
      </fieldset>

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
