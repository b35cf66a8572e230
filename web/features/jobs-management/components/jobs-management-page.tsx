import { useState } from 'react';
import { Plus } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { useJobs } from '../api/get-jobs.ts';
import { CreateJobDialog } from './create-job-dialog.tsx';
import { JobCard } from './job-card.tsx';
import { usePlanStanding } from '@web/features/billing/api/billing.ts';

const text = messages.jobsManagement;

/**
 * /dashboard/jobs: the company's jobs as cards, with Create New Job (spec point 2). A page of jobs
 * at a time, newest first; "Load more jobs" under the grid fetches the next while there is one.
 */
export function JobsManagementPage() {
  const me = useMe().data;
  // Jobs belong to a company: until the profile has one (Complete Your Profile), there is nothing to list.
  const hasCompany = me?.user.role === 'employer' && Boolean(me.user.company_id);
  const jobs = useJobs(hasCompany);
  const [creating, setCreating] = useState(false);
  const canManage = useCan('jobs.manage');
  const applicationLimit = usePlanStanding(hasCompany).data?.applications_per_listing ?? null;

  return (
    <section aria-labelledby="jobs-management-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="jobs-management-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {text.title}
        </h2>
        {hasCompany && canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            {text.createNewJob}
          </Button>
        ) : null}
      </div>

      {!hasCompany ? (
        <p className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-600">{messages.profile.notInCompany}</p>
      ) : jobs.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label={text.loading} />
        </div>
      ) : jobs.isError && !jobs.isFetchNextPageError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
          <p className="font-medium text-red-700">{text.loadFailed}</p>
          {errorMessage(jobs.error, '') ? <p className="text-sm text-red-600">{errorMessage(jobs.error, '')}</p> : null}
          <Button variant="outline" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {jobs.data.pages.flatMap((page) => page.jobs).map((job) => (
              // Keyed by its expiry too: closing sets it to the server's now, later than the card's
              // clock (read when it mounted), so the card starts again with a fresh clock and says Closed.
              <JobCard key={`${job.id}:${job.expires_at ?? ''}`} job={job} applicationLimit={applicationLimit} canManage={canManage} />
            ))}
            {canManage ? (
            <button
              type="button"
              onClick={() => setCreating(true)}
              className="flex min-h-56 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white p-5 text-slate-600 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Plus className="size-8" aria-hidden="true" />
              <span className="font-medium">{text.createNewJob}</span>
              <span className="text-sm text-slate-500">{text.createNewJobHint}</span>
            </button>
            ) : null}
          </div>
          {jobs.hasNextPage ? (
            <div className="flex flex-col items-center gap-3">
              {jobs.isFetchNextPageError ? (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {text.loadMoreFailed}
                </p>
              ) : null}
              <Button variant="outline" onClick={() => void jobs.fetchNextPage()} disabled={jobs.isFetching}>
                {jobs.isFetchingNextPage ? text.loadingMore : text.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}

      {hasCompany ? <CreateJobDialog open={creating} onOpenChange={setCreating} /> : null}
    </section>
  );
}
