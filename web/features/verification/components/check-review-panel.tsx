import { useRef, useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { DECISION_REASON_MAX, type CheckDetail, type VerificationFlagView } from '@shared/schemas/verification.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useDecideCheck, useRerunCheck } from '../api/decide-check.ts';
import { checkDocumentUrl, useCheckDetail } from '../api/get-queue.ts';
import { CheckFlags } from './check-flags.tsx';
import { EpfoHistory } from './epfo-history.tsx';
import { FlagPageView, isPlaced } from './flag-page-view.tsx';
import { CheckStatusBadge } from './check-status-badge.tsx';

const text = messages.verification;
const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

function DecisionControls({ check }: { check: CheckDetail }) {
  const decide = useDecideCheck();
  const rerun = useRerunCheck();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = decide.isPending || rerun.isPending;

  if (!check.consent_active) return <p className="text-sm text-amber-800">{text.noActiveConsent}</p>;

  function verify() {
    decide.mutate({ checkId: check.id, status: 'verified' }, { onSuccess: () => toast.success(text.decisionSaved), onError: (error) => toast.error(errorMessage(error, text.actionFailed)) });
  }
  function reject(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setReasonError(text.reasonRequired);
    decide.mutate(
      { checkId: check.id, status: 'rejected', reason: trimmed },
      {
        onSuccess: () => {
          toast.success(text.decisionSaved);
          setRejecting(false);
          setReason('');
        },
        onError: (error) => toast.error(errorMessage(error, text.actionFailed)),
      },
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={verify} disabled={busy}>
          {text.verify}
        </Button>
        <Button variant="outline" onClick={() => setRejecting((open) => !open)} disabled={busy} aria-expanded={rejecting}>
          {text.reject}
        </Button>
        <Button
          variant="ghost"
          onClick={() => rerun.mutate(check.id, { onSuccess: () => toast.success(text.rerunDone), onError: (error) => toast.error(errorMessage(error, text.actionFailed)) })}
          disabled={busy}
        >
          {text.runAgain}
        </Button>
      </div>
      {rejecting ? (
        <form onSubmit={reject} noValidate className="space-y-2">
          <Label htmlFor="reject-reason">{text.rejectReasonLabel}</Label>
          <textarea
            id="reject-reason"
            value={reason}
            maxLength={DECISION_REASON_MAX}
            rows={3}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'reject-reason-error' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          {reasonError ? (
            <p id="reject-reason-error" role="alert" className="text-sm text-red-700">
              {reasonError}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" size="sm" disabled={busy}>
            {text.confirmReject}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** One check for the team: the PDF beside the findings, the consent, the decision and the history. */
export function CheckReviewPanel({ checkId, onBack }: { checkId: string; onBack: () => void }) {
  const detail = useCheckDetail(checkId);
  const check = detail.data;
  const subject = check ? (text.subjects[check.subject] ?? check.subject) : '';
  // The finding shown on its page (its index in the flags; `request` counts the clicks, so showing it again brings it back into sight), and the button that showed it, for focus on hiding.
  const [shown, setShown] = useState<{ checkId: string; index: number; request: number } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const shownFlag = check && shown?.checkId === check.id ? check.flags[shown.index] : undefined;
  const placedFlag = shownFlag && isPlaced(shownFlag) ? shownFlag : undefined;

  return (
    <Card className="overflow-hidden" data-testid="check-review">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {text.back}
        </Button>
        {check ? (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">
              {subject} · {check.candidate_name}
            </h3>
            {check.candidate_code ? <span className="font-mono text-xs text-slate-500">{check.candidate_code}</span> : null}
            <CheckStatusBadge status={check.status} />
          </div>
        ) : null}
      </header>
      {detail.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : detail.isError || !check ? (
        <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
          <p className="font-medium text-red-700">{errorMessage(detail.error, text.detailLoadFailed)}</p>
          <Button variant="outline" onClick={() => void detail.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <div className={check.document_id ? 'grid gap-4 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : 'p-4'}>
          {check.document_id ? (
            <section aria-label={text.documentTitle} className="flex min-w-0 flex-col gap-2">
              {placedFlag ? (
                <FlagPageView
                  key={check.document_id}
                  checkId={check.id}
                  documentId={check.document_id}
                  flag={placedFlag}
                  request={shown?.request ?? 0}
                  label={`${text.reviewerRules[placedFlag.rule] ?? placedFlag.rule}: ${placedFlag.found ?? ''}`}
                  onClose={() => {
                    setShown(null);
                    opener.current?.focus();
                  }}
                />
              ) : null}
              {/* The document answers with CSP sandbox and nosniff: shown by the browser's PDF viewer, never run as our page. */}
              <iframe
                key={check.document_id}
                title={fill(text.documentViewerLabel, { subject, name: check.candidate_name })}
                src={checkDocumentUrl(check.id) + firstFlaggedPage(check.flags)}
                className="h-[70vh] min-h-[28rem] w-full rounded-md border border-slate-200 bg-slate-100"
                data-testid="document-viewer"
              />
              <a href={checkDocumentUrl(check.id)} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 self-start text-sm text-brand-700 hover:underline">
                <ExternalLink className="size-4" aria-hidden="true" />
                {text.openDocument}
              </a>
            </section>
          ) : null}
          <div className="min-w-0 space-y-5">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">{text.consentLabel}</dt>
              <dd className="text-slate-800">{check.consent ? fill(text.consentActive, { date: when(check.consent.granted_at) }) : text.consentNone}</dd>
              {check.decided_by ? (
                <>
                  <dt className="text-slate-500">{text.decidedByLabel}</dt>
                  <dd className="text-slate-800">
                    {text.deciders[check.decided_by]}
                    {check.decided_by_name ? ` (${check.decided_by_name})` : ''}
                    {check.decided_at ? `, ${when(check.decided_at)}` : ''}
                  </dd>
                </>
              ) : null}
              {check.reason ? (
                <>
                  <dt className="text-slate-500">{text.reasonLabel}</dt>
                  <dd className="break-words text-slate-800">{check.reason}</dd>
                </>
              ) : null}
            </dl>
            <CheckFlags
              flags={check.flags}
              audience="reviewer"
              onShowPlace={
                check.document_id
                  ? (index, button) => {
                      opener.current = button;
                      setShown((previous) => ({ checkId: check.id, index, request: (previous?.request ?? 0) + 1 }));
                    }
                  : undefined
              }
            />
            {check.epfo?.findings ? (
              // The EPFO evidence beside the documents (issue 34): the employers found, the claims they confirm, the flags.
              <section aria-label={messages.epfo.panelTitle} data-testid="review-epfo">
                <EpfoHistory lookup={check.epfo} findings={check.epfo.findings} audience="others" />
              </section>
            ) : null}
            <DecisionControls check={check} />
            {check.history.length > 0 ? (
              <section aria-labelledby="check-history-title">
                <h4 id="check-history-title" className="mb-2 text-sm font-semibold text-slate-900">
                  {text.historyTitle}
                </h4>
                <ol className="space-y-1 text-xs text-slate-600">
                  {check.history.map((entry, index) => (
                    <li key={`${entry.created_at}-${index}`}>
                      <time dateTime={entry.created_at}>{when(entry.created_at)}</time> · {text.historyActions[entry.action] ?? entry.action}
                      {entry.actor_name ? ` · ${entry.actor_name}` : ''}
                      {typeof entry.details.status === 'string' ? ` · ${text.statuses[entry.details.status] ?? entry.details.status}` : ''}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
          </div>
        </div>
      )}
    </Card>
  );
}

/**
 * Opens the browser's PDF viewer at the first page a document-forensics finding names (issue 35).
 * The built-in viewer cannot draw over the page: the page view (FlagPageView) marks the place.
 */
function firstFlaggedPage(flags: readonly VerificationFlagView[]): string {
  const page = flags.find((flag) => flag.page !== undefined)?.page;
  return page === undefined ? '' : `#page=${page}`;
}
