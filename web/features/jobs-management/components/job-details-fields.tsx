import { Controller, type UseFormReturn } from 'react-hook-form';
import { employmentTypeLabels, employmentTypes, payPeriodLabels, payPeriods, workModeLabels, workModes } from '@shared/job-details.ts';
import { jobLifecycleMessages } from '@shared/messages/job-lifecycle.ts';
import { JOB_LIMITS, type CreateJobInput, type CreateJobValues } from '@shared/schemas/jobs.ts';
import { RupeeInput } from '@web/components/rupee-input.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';

const text = jobLifecycleMessages;
type JobForm = UseFormReturn<CreateJobInput, unknown, CreateJobValues>;

/** A blank choice is "not given" (null), as a blank text field is. */
const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * A pay figure typed in rupees ("12,00,000" or "45000") and held by the form in paise. What cannot
 * be read as rupees is kept as typed, so the schema names the problem instead of the form dropping it.
 */
function RupeeField({ id, label, form, name, hint }: { id: string; label: string; form: JobForm; name: 'pay_min_paise' | 'pay_max_paise'; hint?: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => <RupeeInput id={id} label={label} hint={hint} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />}
    />
  );
}

/** The structured details of a job (issue 36 §1), all optional; Create New Job and Edit share them. */
export function JobDetailsFields({ id, form }: { id: string; form: JobForm }) {
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{text.detailsHeading}</legend>
      <p className="-mt-2 text-sm text-slate-600">{text.detailsHint}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-department`} label={text.departmentLabel} maxLength={JOB_LIMITS.department} error={errors.department?.message} {...form.register('department')} />
        <TextField id={`${id}-openings`} label={text.openingsLabel} type="number" min={1} max={JOB_LIMITS.openings} inputMode="numeric" error={errors.openings?.message} {...form.register('openings', { setValueAs: (value: string) => (value === '' || value === null ? null : Number(value)) })} />
        <SelectField id={`${id}-employment-type`} label={text.employmentTypeLabel} error={errors.employment_type?.message} {...form.register('employment_type', { setValueAs: blankAsNull })}>
          <option value="">{text.notSpecified}</option>
          {employmentTypes.map((type) => (
            <option key={type} value={type}>
              {employmentTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-work-mode`} label={text.workModeLabel} error={errors.work_mode?.message} {...form.register('work_mode', { setValueAs: blankAsNull })}>
          <option value="">{text.notSpecified}</option>
          {workModes.map((mode) => (
            <option key={mode} value={mode}>
              {workModeLabels[mode]}
            </option>
          ))}
        </SelectField>
        <RupeeField id={`${id}-pay-min`} label={text.payMinLabel} form={form} name="pay_min_paise" hint={text.payHint} />
        <RupeeField id={`${id}-pay-max`} label={text.payMaxLabel} form={form} name="pay_max_paise" />
        <SelectField id={`${id}-pay-period`} label={text.payPeriodLabel} error={errors.pay_period?.message} {...form.register('pay_period', { setValueAs: blankAsNull })}>
          <option value="">{text.notSpecified}</option>
          {payPeriods.map((period) => (
            <option key={period} value={period}>
              {payPeriodLabels[period]}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
