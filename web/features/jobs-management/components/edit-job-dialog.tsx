import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages.ts';
import { jobLifecycleMessages } from '@shared/messages/job-lifecycle.ts';
import { createJobBodySchema, type CreateJobInput, type CreateJobValues, type EmployerJob } from '@shared/schemas/jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useUpdateJob } from '../api/update-job.ts';
import { changedJobFields, jobFormValues } from '../lib/job-edit.ts';
import { JobFormFields } from './job-form-fields.tsx';

const text = jobLifecycleMessages;

/** Edit on a job's card (issue 33 B3): the job's form, prefilled; Save sends only what changed. */
export function EditJobDialog({ job, closed, open, onOpenChange }: { job: EmployerJob; closed: boolean; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const updateJob = useUpdateJob(job.id);
  // A closed job's past expiry is not in the form: it would fail "not before today" and is not edited here.
  const initial = (): CreateJobInput => ({ ...jobFormValues(job), ...(closed ? { expires_at: '' } : {}) });
  const form = useForm<CreateJobInput, unknown, CreateJobValues>({ resolver: zodResolver(createJobBodySchema), defaultValues: initial() });
  const { isSubmitting } = form.formState;

  // Each opening starts from the job as it is now (the list may have refreshed since).
  useEffect(() => {
    if (open) form.reset(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening, not on every list refresh while typing
  }, [open]);

  const onSubmit = form.handleSubmit(async (values) => {
    const changes = changedJobFields(job, values, closed);
    if (Object.keys(changes).length === 0) {
      toast.info(text.nothingChanged);
      onOpenChange(false);
      return;
    }
    try {
      await updateJob.mutateAsync(changes);
      toast.success(text.saved);
      onOpenChange(false);
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.saveFailed, reason ? { description: reason } : undefined);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogTitle>{text.editTitle}</DialogTitle>
        <DialogDescription>{text.editDescription}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4" aria-busy={isSubmitting}>
          <JobFormFields id={id} form={form} expiryNote={closed ? text.closedExpiryHint : undefined} />
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {messages.jobsManagement.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? text.saving : text.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
