import { useEffect, useRef } from 'react';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { usePublicJobs, type JobSearch } from '../api/get-public-jobs.ts';
import { jobSearchHref } from '../hooks/use-job-search.ts';
import { JobCard } from './job-card.tsx';
import { JobPagination } from './job-pagination.tsx';
import { LoadError } from './load-error.tsx';

const text = messages.publicSite;
const number = new Intl.NumberFormat('en-IN');

function resultsLabel(total: number, capped: boolean, q: string): string {
  const count = capped ? fill(text.resultsAtLeast, { count: number.format(total) }) : total === 1 ? text.resultsOne : fill(text.resultsMany, { count: number.format(total) });
  return q ? `${count} ${fill(text.resultsFor, { query: q })}` : count;
}

/** The results of the search in the URL: loading, error with Retry, empty, or a page of jobs. */
export function JobResults({ search }: { search: JobSearch }) {
  const jobs = usePublicJobs(search);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const searchKey = `${search.q}\n${search.location}\n${search.page}`;
  const firstKey = useRef(searchKey);

  // After a new search or page, move focus to the results so keyboard and screen-reader users land there.
  useEffect(() => {
    if (searchKey !== firstKey.current && jobs.data && !jobs.isPlaceholderData) headingRef.current?.focus({ preventScroll: true });
  }, [searchKey, jobs.data, jobs.isPlaceholderData]);

  if (jobs.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading jobs" />
      </div>
    );
  }
  if (jobs.isError) {
    return <LoadError message={text.jobsLoadFailed} onRetry={() => void jobs.refetch()} retrying={jobs.isFetching} />;
  }

  const { total, total_capped: capped, page_size: pageSize } = jobs.data;
  const searching = Boolean(search.q || search.location);
  const from = (search.page - 1) * pageSize + 1;
  const to = from + jobs.data.jobs.length - 1;

  return (
    <section aria-labelledby="job-results-heading" aria-busy={jobs.isPlaceholderData}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="job-results-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none" aria-live="polite">
          {resultsLabel(total, capped, search.q)}
        </h2>
        {jobs.data.jobs.length > 0 && total > pageSize && (
          <p className="text-sm text-slate-500">{fill(capped ? text.showingOfAtLeast : text.showing, { from: number.format(from), to: number.format(to), total: number.format(total) })}</p>
        )}
      </div>

      {total === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <SearchX className="size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-4 font-semibold text-slate-900">{searching ? text.noJobs : text.noJobsAtAll}</p>
          {searching && (
            <>
              <p className="mt-1 max-w-md text-sm text-slate-600">{text.noJobsHint}</p>
              <Link to="/jobs" className="mt-4 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                {text.clearSearch}
              </Link>
            </>
          )}
        </div>
      ) : jobs.data.jobs.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-semibold text-slate-900">{text.pageEmpty}</p>
          <Link to={jobSearchHref({ ...search, page: 1 })} className="mt-3 inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            {text.firstPage}
          </Link>
        </div>
      ) : (
        <ul className={jobs.isPlaceholderData ? 'mt-4 space-y-3 opacity-60 transition-opacity' : 'mt-4 space-y-3'}>
          {jobs.data.jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}

      <JobPagination search={search} total={total} pageSize={pageSize} />
    </section>
  );
}
