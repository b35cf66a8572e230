import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { useJobSearch } from '../hooks/use-job-search.ts';
import { JobResults } from './job-results.tsx';
import { JobSearchForm } from './job-search-form.tsx';
import { PageIntro } from './page-intro.tsx';

const text = messages.publicSite;

/** /jobs: the public job board. The search is in the URL; see useJobSearch. */
export function JobBoardPage() {
  const search = useJobSearch();
  return (
    <PublicLayout title={text.jobsTitle} description={text.jobsDescription}>
      <PageIntro title={text.jobsHeading}>
        <p className="mt-3 max-w-2xl text-slate-600">{text.jobsIntro}</p>
        {/* Keyed by the URL's search so Back and shared links show their own terms in the fields. */}
        <JobSearchForm key={`${search.q}\n${search.location}`} search={search} />
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
          <JobResults search={search} />
          <aside className="space-y-4 lg:pt-10" aria-label="For candidates and employers">
            <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-semibold text-slate-900">Get verified once</h2>
              <p className="mt-2 text-sm text-slate-600">Register as a candidate, verify your UAN and upload your documents once. Every employer you apply to sees verified credentials.</p>
              <Link to="/candidate" className="mt-3 inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                Register as a candidate
              </Link>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-semibold text-slate-900">Hiring?</h2>
              <p className="mt-2 text-sm text-slate-600">Post jobs, share them by link or QR code and hire people whose employment history is verified. 14-day free trial, no credit card.</p>
              <Link to="/employer-signup" className="mt-3 inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                Post a job
              </Link>
            </div>
          </aside>
        </div>
      </div>
    </PublicLayout>
  );
}
