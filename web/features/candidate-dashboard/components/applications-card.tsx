import { useCallback } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { candidateApplicationsQueryKey, useCandidateApplications } from '../api/get-applications.ts';
import { APPLICATION_COLUMNS, ApplicationItem } from './application-item.tsx';

const text = messages.candidateDashboard;

/** The employer moved one of my applications: refetch the list (and after each reconnection). */
function useLiveApplications() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'ready' || event.type === 'application_stage') void queryClient.invalidateQueries({ queryKey: candidateApplicationsQueryKey });
    },
    [queryClient],
  );
  useLiveEvents(refresh);
}

/** My Applications: job (a link while it is open), company, date, the stage (since when, its history) and Withdraw. */
export function ApplicationsCard() {
  const applications = useCandidateApplications();
  useLiveApplications();
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
          <>
            {/* Column headings on wide screens; each field also carries its own name (for phones and screen readers). */}
            <div aria-hidden="true" className={`hidden pb-2 text-sm font-medium text-slate-500 ${APPLICATION_COLUMNS}`}>
              <span>{text.applicationJob}</span>
              <span>{text.applicationCompany}</span>
              <span>{text.applicationDate}</span>
              <span>{text.applicationStatus}</span>
              <span />
            </div>
            <ul className="space-y-3 md:space-y-0 md:divide-y md:divide-slate-100 md:border-t md:border-slate-100" data-testid="candidate-applications">
              {applications.data.map((application) => (
                <ApplicationItem key={application.id} application={application} />
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}
