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
  const words = closed
    ? { label: text.reopen, ariaLabel: text.reopenJob, title: text.reopenTitle, body: text.reopenDescription, action: text.reopenConfirm, done: text.reopenedToast }
    : { label: text.close, ariaLabel: text.closeJob, title: text.closeTitle, body: text.closeDescription, action: text.closeConfirm, done: text.closedToast };
  return (
    <ConfirmButton
      key={closed ? 'reopen' : 'close'}
      label={words.label}
      ariaLabel={fill(words.ariaLabel, { title: job.title })}
      title={words.title}
      body={fill(words.body, { title: job.title })}
      action={words.action}
      done={words.done}
      cancelLabel={messages.jobsManagement.cancel}
      onConfirm={async () => {
        await setOpen.mutateAsync(closed);
      }}
    />
  );
}
