import { Controller, type UseFormReturn } from 'react-hook-form';
import { messages } from '@shared/messages.ts';
import { JOB_LIMITS, JOB_TIME_ZONE, todayInIndia, type CreateJobInput, type CreateJobValues } from '@shared/schemas/jobs.ts';
import { DatePicker } from '@web/components/ui/date-picker.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { JobDetailsFields } from './job-details-fields.tsx';
import { ScreeningQuestionsEditor } from './screening-questions-editor.tsx';

const text = messages.jobsManagement;

/**
 * The seven fields of a job (spec point 5) and its structured details (issue 36 §1), shared by Create New Job and Edit. `expiryNote`, when
 * given, replaces the expiry picker (a closed job is reopened from its card, not by a new date).
 */
export function JobFormFields({ id, form, expiryNote }: { id: string; form: UseFormReturn<CreateJobInput, unknown, CreateJobValues>; expiryNote?: string }) {
  const { errors } = form.formState;
  return (
    <>
      <TextField id={`${id}-title`} label={text.titleLabel} required maxLength={JOB_LIMITS.title} error={errors.title?.message} {...form.register('title')} />
      <TextAreaField id={`${id}-description`} label={text.descriptionLabel} required rows={5} maxLength={JOB_LIMITS.description} error={errors.description?.message} {...form.register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-location`} label={text.locationLabel} maxLength={JOB_LIMITS.location} error={errors.location?.message} {...form.register('location')} />
        <TextField id={`${id}-salary`} label={text.salaryLabel} maxLength={JOB_LIMITS.salary} error={errors.salary?.message} {...form.register('salary')} />
      </div>
      {expiryNote ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">{expiryNote}</p>
      ) : (
        <Controller
          control={form.control}
          name="expires_at"
          render={({ field }) => (
            <DatePicker
              id={`${id}-expires`}
              label={text.expiryLabel}
              placeholder={text.expiryPlaceholder}
              clearLabel={text.expiryClear}
              min={todayInIndia()}
              timeZone={JOB_TIME_ZONE}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={errors.expires_at?.message}
            />
          )}
        />
      )}
      <JobDetailsFields id={id} form={form} />
      <TextAreaField id={`${id}-requirements`} label={text.requirementsLabel} rows={3} maxLength={JOB_LIMITS.requirements} error={errors.requirements?.message} {...form.register('requirements')} />
      <TextAreaField id={`${id}-benefits`} label={text.benefitsLabel} rows={3} maxLength={JOB_LIMITS.benefits} error={errors.benefits?.message} {...form.register('benefits')} />
      <ScreeningQuestionsEditor id={id} form={form} />
    </>
  );
}
