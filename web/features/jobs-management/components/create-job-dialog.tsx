import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { jobLifecycleMessages } from '@shared/messages/job-lifecycle.ts';
import { createJobBodySchema, type CreateJobInput, type CreateJobValues } from '@shared/schemas/jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { useCreateJob } from '../api/create-job.ts';
import { JobFormFields } from './job-form-fields.tsx';

const text = messages.jobsManagement;
const EMPTY: CreateJobInput = {
  title: '',
  description: '',
  location: '',
  salary: '',
  expires_at: '',
  requirements: '',
  benefits: '',
  department: '',
  employment_type: null,
  work_mode: null,
  openings: null,
  pay_min_paise: null,
  pay_max_paise: null,
  pay_period: null,
  screening_questions: [],
};

/** Create New Job (spec points 2 and 5): seven fields, Title and Description required. */
export function CreateJobDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const createJob = useCreateJob();
  const form = useForm<CreateJobInput, unknown, CreateJobValues>({ resolver: zodResolver(createJobBodySchema), defaultValues: EMPTY });
  const { isSubmitting } = form.formState;

  // Create Job publishes; Save as draft keeps it private until Publish on its card (issue 36 §1).
  const submit = (draft: boolean) => form.handleSubmit(async (values) => {
    try {
      await createJob.mutateAsync({ ...values, draft });
      toast.success(draft ? jobLifecycleMessages.draftSaved : text.posted);
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
        <form onSubmit={(event) => void submit(false)(event)} noValidate className="mt-4 space-y-4" aria-busy={isSubmitting}>
          <JobFormFields id={id} form={form} />
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={(event) => void submit(true)(event)}>
              {jobLifecycleMessages.saveDraft}
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
