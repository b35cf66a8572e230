import type { TeamMember } from '@shared/schemas/dashboard.ts';
import { messages } from '@shared/messages.ts';
import { DURATION_CHOICES, INTERVIEW_MODES, type InterviewMode } from '@shared/schemas/interviews.ts';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';

const text = messages.interviews;
export const selectClass =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

/** What an interview is besides its time: shared by the schedule form and the offer of times. */
export interface InterviewDetails {
  duration: number;
  mode: InterviewMode;
  location: string;
  interviewerIds: string[];
}
export type InterviewDetailErrors = Partial<Record<'duration_minutes' | 'location' | 'interviewer_ids', string>>;

/** Duration, mode, location and interviewers, with each field's error under it. */
export function InterviewDetailsFields<V extends InterviewDetails>({
  id,
  values,
  errors,
  employers,
  set,
}: {
  id: string;
  values: V;
  errors: InterviewDetailErrors;
  employers: TeamMember[];
  set: <K extends keyof V>(key: K, value: V[K]) => void;
}) {
  return (
    <>
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
    </>
  );
}
