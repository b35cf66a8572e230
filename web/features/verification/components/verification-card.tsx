import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { CandidateCheck } from '@shared/schemas/verification.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useLiveEvents } from '@web/lib/live/use-live-events.ts';
import { useGiveConsent, useRevokeConsent } from '../api/consent.ts';
import { takeChecksFromEvent, useVerificationChecks, verificationChecksQueryKey } from '../api/get-checks.ts';
import { CheckFlags } from './check-flags.tsx';
import { EpfoOtpOption } from './epfo-otp-option.tsx';
import { EpfoProgress } from './epfo-progress.tsx';
import { ReadingProgress } from './reading-progress.tsx';
import { CheckStatusBadge } from './check-status-badge.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const text = messages.verification;
const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

function CheckRow({ check }: { check: CandidateCheck }) {
  const [dialog, setDialog] = useState<'consent' | 'revoke' | null>(null);
  const give = useGiveConsent();
  const revoke = useRevokeConsent();
  const subject = text.subjects[check.subject] ?? check.subject;
  const inSentence = text.subjectsInSentence[check.subject] ?? subject;

  function confirmConsent() {
    give.mutate(check.subject, {
      onSuccess: (checks) => {
        setDialog(null);
        const status = checks.find((item) => item.subject === check.subject)?.status ?? 'pending';
        toast.success(fill(text.consentSaved[status] ?? '', { subject: inSentence }));
      },
      onError: (error) => toast.error(errorMessage(error, text.actionFailed)),
    });
  }
  function confirmRevoke() {
    revoke.mutate(check.subject, {
      onSuccess: () => {
        setDialog(null);
        toast.success(text.consentRevoked);
      },
      onError: (error) => toast.error(errorMessage(error, text.actionFailed)),
    });
  }

  // Issue 33: the phone verified by the code at registration is a finished check, not "Pending".
  const byCode = check.code_sent_to;
  // The UAN check through an EPFO provider (issue 34) shows its own progress and findings.
  const epfo = check.subject === 'uan' && check.uan_provider !== null;
  const epfoAsking = check.consent !== null && (!check.epfo || check.epfo.state === 'asking' || check.epfo.state === 'retrying');
  const showFlags = check.consent !== null && check.flags.length > 0 && check.status !== 'verified' && !(epfo && check.epfo);
  return (
    <li className="py-4" data-testid={`check-${check.subject}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{subject}</span>
            <CheckStatusBadge status={check.status} />
          </p>
          {byCode && check.decided_at ? (
            <p className="text-xs text-slate-600" data-testid="phone-verified-by-code">
              {fill(text.verifiedByCode, { phone: byCode, date: day(check.decided_at) })}
            </p>
          ) : check.decided_by && check.decided_at ? (
            <p className="text-xs text-slate-600">{fill(text.decidedBy, { decider: text.deciders[check.decided_by] ?? check.decided_by, date: day(check.decided_at) })}</p>
          ) : null}
          {check.status === 'rejected' && check.reason ? (
            <p className="text-sm text-red-700">
              <span className="font-medium">{text.reasonLabel}:</span> {check.reason}
            </p>
          ) : null}
          {check.consent ? <p className="text-xs text-slate-500">{fill(text.consentGiven, { date: day(check.consent.granted_at) })}</p> : null}
          {check.requested_by.length > 0 && check.status !== 'verified' ? (
            <p className="text-xs font-medium text-amber-800">{fill(messages.checkRequests.candidateRequestedBy, { companies: check.requested_by.join(', ') })}</p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          {/* The code the candidate entered was the check: nothing to consent to or withdraw. */}
          {byCode && !check.consent ? null : check.consent ? (
            <Button variant="ghost" size="sm" onClick={() => setDialog('revoke')}>
              {text.revoke}
            </Button>
          ) : (
            <Button size="sm" onClick={() => setDialog('consent')}>
              {epfo ? messages.epfo.verifyButton : text.giveConsent}
            </Button>
          )}
        </div>
      </div>
      {check.reading ? <ReadingProgress reading={check.reading} /> : null}
      {epfo && check.consent ? <EpfoProgress check={check} /> : null}
      {/* The stronger option, where the provider has it, whenever EPFO is not being asked already. */}
      {epfo && check.otp_purpose && !epfoAsking ? <EpfoOtpOption purpose={check.otp_purpose} /> : null}
      {showFlags ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-brand-700">{text.flagsLabel}</summary>
          <div className="mt-2">
            <CheckFlags flags={check.flags} audience="candidate" />
          </div>
        </details>
      ) : null}

      <ConfirmDialog
        open={dialog === 'consent'}
        onOpenChange={(open) => setDialog(open ? 'consent' : null)}
        title={epfo ? messages.epfo.consentTitle : fill(text.consentTitle, { subject: inSentence })}
        description={text.consentIntro}
        confirmLabel={text.consentConfirm}
        onConfirm={confirmConsent}
        pending={give.isPending}
      >
        <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="consent-purpose">
          {check.purpose}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'revoke'}
        onOpenChange={(open) => setDialog(open ? 'revoke' : null)}
        title={text.revoke}
        description={text.revokeConfirm}
        confirmLabel={text.revoke}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
        destructive
      />
    </li>
  );
}

/** The candidate's checks, their consent and status, on their dashboard; live as the team decides. */
export function VerificationCard() {
  const checks = useVerificationChecks();
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    // A change this page made (its consent) is in that request's answer already: not fetched again.
    if (event.type === 'ready') void queryClient.invalidateQueries({ queryKey: verificationChecksQueryKey });
    else if (event.type === 'verification_check' && !('own' in event && event.own)) void takeChecksFromEvent(queryClient, 'data' in event ? event.data : undefined);
  });
  // An upload or a new UAN on the same dashboard refreshes the registration's data (by key, so
  // this feature does not import the registration's): a new document means a new check to show.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success' && event.query.queryKey[0] === 'candidate-registration') {
          void queryClient.invalidateQueries({ queryKey: verificationChecksQueryKey });
        }
      }),
    [queryClient],
  );

  return (
    <Card data-testid="verification-card">
      <CardHeader className="pb-2">
        <CardTitle>{text.cardTitle}</CardTitle>
        <CardDescription>{text.cardDescription}</CardDescription>
      </CardHeader>
      <div className="px-6 pb-4">
        {checks.isPending ? (
          <Spinner />
        ) : checks.isError ? (
          <div role="alert" className="text-sm text-slate-700">
            <p>{text.loadFailed}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void checks.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : checks.data.length === 0 ? (
          <p className="text-sm text-slate-500">{text.noChecks}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {checks.data.map((check) => (
                <CheckRow key={check.subject} check={check} />
              ))}
            </ul>
            {/* The UAN check is listed once a UAN is saved; until then, say it waits for one (issue 33). */}
            {checks.data.some((check) => check.subject === 'uan') ? null : (
              <p className="border-t border-slate-100 pt-4 text-sm text-slate-600" data-testid="uan-check-needs-uan">
                {text.noUanCheck}
              </p>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
