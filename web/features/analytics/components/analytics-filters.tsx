import { useId } from 'react';
import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import { JOB_TIME_ZONE } from '@shared/schemas/jobs.ts';
import { DatePicker } from '@web/components/ui/date-picker.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { useAnalyticsOptions } from '../api/analytics.ts';
import { PRESETS, type Preset } from '../lib/date-range.ts';

export interface AnalyticsFilters {
  preset: Preset;
  from: string;
  to: string;
  jobId: string;
  recruiterId: string;
}

interface FiltersProps {
  value: AnalyticsFilters;
  onChange: (next: Partial<AnalyticsFilters>) => void;
  rangeError: string | undefined;
}

/** The date range (a preset or two IST dates) and the job and recruiter filters. */
export function AnalyticsFiltersBar({ value, onChange, rangeError }: FiltersProps) {
  const id = useId();
  const options = useAnalyticsOptions();
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <SelectField id={`${id}-range`} label={text.rangeLabel} value={value.preset} onChange={(event) => onChange({ preset: event.target.value as Preset })}>
        {PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {text.presets[preset]}
          </option>
        ))}
      </SelectField>
      <SelectField id={`${id}-job`} label={text.jobLabel} value={value.jobId} onChange={(event) => onChange({ jobId: event.target.value })}>
        <option value="">{text.allJobs}</option>
        {options.data?.jobs.map((job) => (
          <option key={job.id} value={job.id}>
            {job.title}
          </option>
        ))}
      </SelectField>
      <SelectField id={`${id}-recruiter`} label={text.recruiterLabel} value={value.recruiterId} onChange={(event) => onChange({ recruiterId: event.target.value })}>
        <option value="">{text.allRecruiters}</option>
        {options.data?.recruiters.map((recruiter) => (
          <option key={recruiter.id} value={recruiter.id}>
            {recruiter.name}
          </option>
        ))}
      </SelectField>
      {value.preset === 'custom' ? (
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-4 lg:max-w-xl">
          <DatePicker id={`${id}-from`} label={text.fromLabel} placeholder={text.pickDate} clearLabel={text.clearDate} timeZone={JOB_TIME_ZONE} value={value.from} onChange={(from) => onChange({ from })} error={rangeError} />
          <DatePicker id={`${id}-to`} label={text.toLabel} placeholder={text.pickDate} clearLabel={text.clearDate} timeZone={JOB_TIME_ZONE} value={value.to} onChange={(to) => onChange({ to })} />
        </div>
      ) : null}
    </div>
  );
}
