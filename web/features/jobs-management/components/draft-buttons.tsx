import { CopyPlus, Send } from 'lucide-react';
import { fill } from '@shared/fill.ts';
import { jobLifecycleMessages } from '@shared/messages/job-lifecycle.ts';
import type { EmployerJob } from '@shared/schemas/jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useCloneJob, usePublishJob } from '../api/job-drafts.ts';

const text = jobLifecycleMessages;

/** The server's reason under the feature's own words, as the other job actions show a refusal. */
function failed(title: string, error: unknown) {
  const reason = errorMessage(error, '');
  toast.error(title, reason ? { description: reason } : undefined);
}

/** Publish on a draft's card (issue 36 §1): public at once; past the plan's listings the server's reason shows. */
export function PublishJobButton({ job }: { job: Pick<EmployerJob, 'id' | 'title'> }) {
  const publish = usePublishJob(job.id);
  return (
    <Button
      size="sm"
      disabled={publish.isPending}
      aria-label={fill(text.publishJob, { title: job.title })}
      onClick={() =>
        publish.mutate(undefined, {
          onSuccess: () => toast.success(text.publishedToast),
          onError: (error) => failed(text.publishFailed, error),
        })
      }
    >
      <Send className="size-4" aria-hidden="true" />
      {publish.isPending ? text.publishing : text.publish}
    </Button>
  );
}

/** Clone on any job's card: a new draft with the same fields, at the top of the list. */
export function CloneJobButton({ job }: { job: Pick<EmployerJob, 'id' | 'title'> }) {
  const clone = useCloneJob(job.id);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={clone.isPending}
      aria-label={fill(text.cloneJob, { title: job.title })}
      onClick={() =>
        clone.mutate(undefined, {
          onSuccess: () => toast.success(text.clonedToast),
          onError: (error) => failed(text.cloneFailed, error),
        })
      }
    >
      <CopyPlus className="size-4" aria-hidden="true" />
      {clone.isPending ? text.cloning : text.clone}
    </Button>
  );
}
