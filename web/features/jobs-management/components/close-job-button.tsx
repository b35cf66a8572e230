import { fill } from '@shared/fill.ts';
import { messages } from '@shared/messages.ts';
import { jobLifecycleMessages } from '@shared/messages/job-lifecycle.ts';
import type { EmployerJob } from '@shared/schemas/jobs.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { useSetJobOpen } from '../api/close-job.ts';

const text = jobLifecycleMessages;

/**
 * Close (or Reopen, on a closed job) on a job's card, confirmed first (issue 33 B3). A refusal,
 * such as reopening past the plan's listings, shows the server's reason.
 */
export function CloseJobButton({ job, closed }: { job: Pick<EmployerJob, 'id' | 'title'>; closed: boolean }) {
  const setOpen = useSetJobOpen(job.id);
  return closed ? (
    <ConfirmButton
      label={text.reopen}
      ariaLabel={fill(text.reopenJob, { title: job.title })}
      title={text.reopenTitle}
      body={fill(text.reopenDescription, { title: job.title })}
      action={text.reopenConfirm}
      done={text.reopenedToast}
      cancelLabel={messages.jobsManagement.cancel}
      onConfirm={async () => {
        await setOpen.mutateAsync(true);
      }}
    />
  ) : (
    <ConfirmButton
      label={text.close}
      ariaLabel={fill(text.closeJob, { title: job.title })}
      title={text.closeTitle}
      body={fill(text.closeDescription, { title: job.title })}
      action={text.closeConfirm}
      done={text.closedToast}
      cancelLabel={messages.jobsManagement.cancel}
      onConfirm={async () => {
        await setOpen.mutateAsync(false);
      }}
    />
  );
}
