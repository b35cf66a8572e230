import { format } from 'date-fns';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { CandidateApplication } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useCandidateApplications } from '../api/get-applications.ts';
import { humaniseStatus } from '../lib/format-profile.ts';

const text = messages.candidateDashboard;

function statusText(status: string): string {
  return text.statusLabels[status] ?? humaniseStatus(status);
}

function ApplicationRow({ application }: { application: CandidateApplication }) {
  return (
    <tr>
      <td className="py-3 pr-4 align-top">
        {application.job_open ? (
          <Link to={`/jobs/${application.job_id}`} className="font-medium text-brand-700 hover:underline">
            {application.job_title}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">
            {application.job_title} <span className="text-xs font-normal text-slate-500">({text.jobClosed})</span>
          </span>
        )}
      </td>
      <td className="py-3 pr-4 align-top text-slate-700">{application.company_name}</td>
      <td className="py-3 pr-4 align-top whitespace-nowrap text-slate-600">
        <time dateTime={application.applied_at}>{format(new Date(application.applied_at), 'd MMM yyyy')}</time>
      </td>
      <td className="py-3 align-top">
        <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{statusText(application.status)}</span>
      </td>
    </tr>
  );
}

/** My Applications: job (a link while it is open), company, date and status. */
export function ApplicationsCard() {
  const applications = useCandidateApplications();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle>{text.applicationsTitle}</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/jobs">{text.browseJobs}</Link>
        </Button>
      </CardHeader>
      <div className="px-6 pb-6">
        {applications.isPending ? (
          <Spinner />
        ) : applications.isError ? (
          <div role="alert" className="text-sm text-slate-700">
            <p>{text.applicationsLoadFailed}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void applications.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : applications.data.length === 0 ? (
          <p className="text-sm text-slate-500">{text.noApplications}</p>
        ) : (
          <div className="-mx-6 overflow-x-auto px-6">
            <table className="w-full min-w-[32rem] text-left text-sm" data-testid="candidate-applications">
              <thead className="text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.applicationJob}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.applicationCompany}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.applicationDate}</th>
                  <th scope="col" className="py-2 font-medium">{text.applicationStatus}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {applications.data.map((application) => (
                  <ApplicationRow key={application.id} application={application} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}
