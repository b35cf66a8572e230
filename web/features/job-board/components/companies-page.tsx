import { Building2, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { usePublicCompanies } from '../api/get-public-companies.ts';
import { LoadError } from './load-error.tsx';
import { PageIntro } from './page-intro.tsx';

const text = messages.publicSite;
const number = new Intl.NumberFormat('en-IN');

const openJobs = (count: number) => (count === 1 ? text.openJobsOne : fill(text.openJobsMany, { count: number.format(count) }));

/** /companies: companies with open jobs, each leading to its jobs on the board. */
export function CompaniesPage() {
  const companies = usePublicCompanies();
  return (
    <PublicLayout title={text.companiesTitle} description={text.companiesDescription}>
      <PageIntro title={text.companiesHeading}>
        <p className="mt-3 max-w-2xl text-slate-600">{text.companiesIntro}</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {companies.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner className="size-8" label="Loading companies" />
          </div>
        ) : companies.isError ? (
          <LoadError message={text.companiesLoadFailed} onRetry={() => void companies.refetch()} retrying={companies.isFetching} />
        ) : companies.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-700">{text.noCompanies}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Companies">
            {companies.data.map((company) => (
              <li key={company.id}>
                <Link
                  to={`/companies/${company.slug}`}
                  aria-label={`${company.name}: ${openJobs(company.open_jobs)}`}
                  className="group flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
                    {company.logo_url ? <img src={company.logo_url} alt="" className="size-full object-contain" /> : <Building2 className="size-5" />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900" title={company.name}>
                      {company.name}
                    </span>
                    <span className="block text-sm text-slate-600">{openJobs(company.open_jobs)}</span>
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-slate-400 group-hover:text-brand-700" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PublicLayout>
  );
}
