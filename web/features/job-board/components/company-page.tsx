import { ArrowLeft, Building2, ExternalLink, MapPin } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { useCompanyPage } from '../api/get-company-page.ts';

const text = messages.settings;

/** /companies/:slug: a company's careers page (its Settings → Company profile) with its open jobs. */
export function CompanyPage() {
  const { slug = '' } = useParams();
  const company = useCompanyPage(slug);
  const name = company.data?.name ?? messages.publicSite.companiesHeading;
  return (
    <PublicLayout title={fill(text.companyPageTitle, { company: name })} description={fill(text.companyPageDescription, { company: name })}>
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
        <Link to="/companies" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {text.allCompanies}
        </Link>
        {company.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner className="size-8" label={messages.publicSite.companiesHeading} />
          </div>
        ) : company.isError ? (
          <p role="alert" className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-700">
            {text.companyNotFound}
          </p>
        ) : (
          <>
            <header className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <div className="h-2" style={{ backgroundColor: company.data.brand_color }} aria-hidden="true" />
              <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
                <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
                  {company.data.logo_url ? (
                    <img src={company.data.logo_url} alt={fill(text.logoAlt, { company: company.data.name })} className="size-full object-contain" />
                  ) : (
                    <Building2 className="size-8 text-slate-400" aria-hidden="true" />
                  )}
                </div>
                <div className="min-w-0">
                  <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{company.data.name}</h1>
                  <p className="mt-1 text-sm text-slate-600">
                    {[company.data.industry, company.data.company_size ? fill(text.companySize, { size: company.data.company_size }) : null].filter(Boolean).join(' · ')}
                  </p>
                  {company.data.website ? (
                    <a href={company.data.website} target="_blank" rel="noreferrer nofollow" className="mt-1 inline-flex items-center gap-1 text-sm font-medium break-all text-brand-700 hover:underline">
                      {company.data.website.replace(/^https?:\/\//, '')}
                      <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                    </a>
                  ) : null}
                </div>
              </div>
              {company.data.description ? <p className="border-t border-slate-100 px-6 py-4 text-sm whitespace-pre-line text-slate-700">{company.data.description}</p> : null}
            </header>
            <section aria-labelledby="company-jobs" className="mt-8">
              <h2 id="company-jobs" className="text-lg font-semibold text-slate-900">
                {text.companyOpenJobs}
              </h2>
              {company.data.jobs.length === 0 ? (
                <p className="mt-3 text-slate-600">{fill(text.companyNoJobs, { company: company.data.name })}</p>
              ) : (
                <ul className="mt-3 space-y-3" aria-label={text.companyOpenJobs}>
                  {company.data.jobs.map((job) => (
                    <li key={job.id}>
                      <Link to={`/jobs/${job.id}`} className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                        <span className="block font-semibold text-slate-900">{job.title}</span>
                        <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                          {job.location ? (
                            <span className="inline-flex items-center gap-1">
                              <MapPin className="size-4" aria-hidden="true" />
                              {job.location}
                            </span>
                          ) : null}
                          {job.salary ? <span>{job.salary}</span> : null}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
