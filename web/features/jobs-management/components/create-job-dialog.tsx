import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { createJobBodySchema, JOB_LIMITS, JOB_TIME_ZONE, todayInIndia, type CreateJobInput, type CreateJobValues } from '@shared/schemas/jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DatePicker } from '@web/components/ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { useCreateJob } from '../api/create-job.ts';
import { TextAreaField } from './text-area-field.tsx';

const text = messages.jobsManagement;
const EMPTY: CreateJobInput = { title: '', description: '', location: '', salary: '', expires_at: '', requirements: '', benefits: '' };

/** Create New Job (spec points 2 and 5): seven fields, Title and Description required. */
export function CreateJobDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const createJob = useCreateJob();
  const form = useForm<CreateJobInput, unknown, CreateJobValues>({ resolver: zodResolver(createJobBodySchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createJob.mutateAsync(values);
      toast.success(text.posted);
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      // The spec's message, with the server's reason for a refusal (a 4xx) underneath.
      const reason = errorMessage(error, '');
      toast.error(text.createFailed, reason ? { description: reason } : undefined);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogTitle>{text.createNewJob}</DialogTitle>
        <DialogDescription>{text.createNewJobHint}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4" aria-busy={isSubmitting}>
          <TextField id={`${id}-title`} label={text.titleLabel} required maxLength={JOB_LIMITS.title} error={errors.title?.message} {...form.register('title')} />
          <TextAreaField id={`${id}-description`} label={text.descriptionLabel} required rows={5} maxLength={JOB_LIMITS.description} error={errors.description?.message} {...form.register('description')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id={`${id}-location`} label={text.locationLabel} maxLength={JOB_LIMITS.location} error={errors.location?.message} {...form.register('location')} />
            <TextField id={`${id}-salary`} label={text.salaryLabel} maxLength={JOB_LIMITS.salary} error={errors.salary?.message} {...form.register('salary')} />
          </div>
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
          <TextAreaField id={`${id}-requirements`} label={text.requirementsLabel} rows={3} maxLength={JOB_LIMITS.requirements} error={errors.requirements?.message} {...form.register('requirements')} />
          <TextAreaField id={`${id}-benefits`} label={text.benefitsLabel} rows={3} maxLength={JOB_LIMITS.benefits} error={errors.benefits?.message} {...form.register('benefits')} />
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? text.creating : text.createJob}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
