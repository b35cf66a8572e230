import { useState } from 'react';
import { format } from 'date-fns';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { CandidateApplication } from '@shared/schemas/candidate.ts';
import { isFinalStage, stageChangeResultSchema } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { api, errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { candidateApplicationsQueryKey } from '../api/get-applications.ts';
import { humaniseStatus } from '../lib/format-profile.ts';

const text = messages.candidateDashboard;
const pipelineText = messages.pipeline;
const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

/**
 * The columns on wide screens: job, company, applied, status, Withdraw. On a phone each
 * application is a card of its own, these stacked (issue 33: a 466 px table at 375 px hid Status
 * and Withdraw off screen).
 */
export const APPLICATION_COLUMNS = 'md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_7rem_minmax(0,1.5fr)_6rem] md:items-start md:gap-4';

/** POST /api/pipeline/applications/:id/withdraw: the candidate's own, from an open stage. */
function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/withdraw`, { method: 'POST', body: {}, schema: stageChangeResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateApplicationsQueryKey }),
  });
}

function statusText(status: string): string {
  return text.statusLabels[status] ?? humaniseStatus(status);
}

/** A field's name: said on a phone's card, and to screen readers everywhere (wide screens show the column headings). */
function Label({ children }: { children: string }) {
  return <span className="mr-1 text-xs font-medium text-slate-500 md:sr-only">{children}</span>;
}

export function ApplicationItem({ application }: { application: CandidateApplication }) {
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
    <li className={`flex flex-col gap-2 rounded-lg border border-slate-200 p-4 text-sm md:rounded-none md:border-0 md:px-0 md:py-3 ${APPLICATION_COLUMNS}`} data-testid="candidate-application">
      <div className="min-w-0 break-words">
        <Label>{text.applicationJob}</Label>
        {application.job_open ? (
          <Link to={`/jobs/${application.job_id}`} className="font-medium text-brand-700 hover:underline">
            {application.job_title}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">
            {application.job_title} <span className="text-xs font-normal text-slate-500">({text.jobClosed})</span>
          </span>
        )}
      </div>
      <div className="min-w-0 break-words text-slate-700">
        <Label>{text.applicationCompany}</Label>
        {application.company_name}
      </div>
      <div className="text-slate-600">
        <Label>{text.applicationDate}</Label>
        <time dateTime={application.applied_at}>{day(application.applied_at)}</time>
      </div>
      <div className="min-w-0">
        <Label>{text.applicationStatus}</Label>
        <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{statusText(application.status)}</span>
        <span className="mt-1 block text-xs text-slate-500">
          <time dateTime={application.stage_changed_at}>{fill(text.stageSince, { date: day(application.stage_changed_at) })}</time>
        </span>
        {reason ? <span className="mt-1 block text-xs break-words text-slate-600">{fill(text.rejectionReason, { reason })}</span> : null}
        {application.history.length > 1 ? (
          <details className="mt-1 text-xs text-slate-500">
            <summary className="cursor-pointer">{text.stageHistory}</summary>
            <ol className="mt-1 space-y-0.5">
              {application.history.map((entry) => (
                <li key={`${entry.stage}-${entry.at}`}>
                  {statusText(entry.stage)} · <time dateTime={entry.at}>{day(entry.at)}</time>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
      <div className="flex justify-end">
        {isFinalStage(application.status) ? null : (
          <>
            <Button variant="outline" size="sm" className="md:border-transparent md:shadow-none" onClick={() => setConfirming(true)} aria-label={`${pipelineText.withdraw}: ${application.job_title}`}>
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
      </div>
    </li>
  );
}
