import { useCallback, useState } from 'react';
import { format } from 'date-fns';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { CandidateApplication } from '@shared/schemas/candidate.ts';
import { isFinalStage, stageChangeResultSchema } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { api, errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { candidateApplicationsQueryKey, useCandidateApplications } from '../api/get-applications.ts';
import { humaniseStatus } from '../lib/format-profile.ts';

const text = messages.candidateDashboard;
const pipelineText = messages.pipeline;

/** POST /api/pipeline/applications/:id/withdraw: the candidate's own, from an open stage. */
function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/withdraw`, { method: 'POST', body: {}, schema: stageChangeResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateApplicationsQueryKey }),
  });
}

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

function statusText(status: string): string {
  return text.statusLabels[status] ?? humaniseStatus(status);
}

function ApplicationRow({ application }: { application: CandidateApplication }) {
  const withdraw = useWithdraw();
  const [confirming, setConfirming] = useState(false);
  const reason = application.status === 'rejected' ? application.history.at(-1)?.reason : null;
  function confirmWithdraw() {
    withdraw.mutate(application.id, {
      onSuccess: () => {
        toast.success(pipelineText.withdrawn);
        setConfirming(false);
      },
      onError: (error) => toast.error(errorMessage(error, pipelineText.withdrawFailed)),
    });
  }
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
      <td className="py-3 pr-4 align-top">
        <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{statusText(application.status)}</span>
        <span className="mt-1 block text-xs text-slate-500">
          <time dateTime={application.stage_changed_at}>{fill(text.stageSince, { date: format(new Date(application.stage_changed_at), 'd MMM yyyy') })}</time>
        </span>
        {reason ? <span className="mt-1 block max-w-64 text-xs break-words text-slate-600">{fill(text.rejectionReason, { reason })}</span> : null}
        {application.history.length > 1 ? (
          <details className="mt-1 text-xs text-slate-500">
            <summary className="cursor-pointer">{text.stageHistory}</summary>
            <ol className="mt-1 space-y-0.5">
              {application.history.map((entry) => (
                <li key={`${entry.stage}-${entry.at}`}>
                  {statusText(entry.stage)} · <time dateTime={entry.at}>{format(new Date(entry.at), 'd MMM yyyy')}</time>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </td>
      <td className="py-3 text-right align-top">
        {isFinalStage(application.status) ? null : (
          <>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              {pipelineText.withdraw}
            </Button>
            <Dialog open={confirming} onOpenChange={setConfirming}>
              <DialogContent role="alertdialog">
                <DialogTitle>{pipelineText.withdrawTitle}</DialogTitle>
                <DialogDescription>{fill(pipelineText.withdrawConfirm, { title: application.job_title })}</DialogDescription>
                <div className="mt-6 flex justify-end gap-3">
                  <Button variant="outline" onClick={() => setConfirming(false)}>
                    {pipelineText.cancel}
                  </Button>
                  <Button variant="destructive" disabled={withdraw.isPending} onClick={confirmWithdraw}>
                    {pipelineText.withdraw}
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
          </>
        )}
      </td>
    </tr>
  );
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
          <div className="-mx-6 overflow-x-auto px-6">
            <table className="w-full min-w-[32rem] text-left text-sm" data-testid="candidate-applications">
              <thead className="text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.applicationJob}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.applicationCompany}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.applicationDate}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{text.applicationStatus}</th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{pipelineText.withdraw}</span>
                  </th>
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
