import { useState } from 'react';
import { format } from 'date-fns';
import { messages } from '@shared/messages.ts';
import type { CandidateCheck } from '@shared/schemas/verification.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useRefreshEpfo } from '../api/epfo.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { EpfoHistory } from './epfo-history.tsx';
import { EpfoOtpSession } from './epfo-otp-session.tsx';

const text = messages.epfo;

/**
 * The UAN check's EPFO lookup on the candidate's card: live progress while the provider is asked
 * (or waited for), then the employers found, and a refresh once decided.
 */
export function EpfoProgress({ check }: { check: CandidateCheck }) {
  const refresh = useRefreshEpfo();
  // A refresh is consented to anew: the purpose is shown again before EPFO is asked.
  const [confirming, setConfirming] = useState(false);
  const lookup = check.epfo;
  const provider = lookup?.provider_label ?? check.uan_provider ?? '';
  const open = !lookup || lookup.state === 'asking' || lookup.state === 'retrying';
  // The stronger option's session (issue 34): its own steps, the code field, or why it ended.
  const otp = lookup?.method === 'passbook_otp' ? lookup.otp : null;

  function ask() {
    refresh.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(text.refreshed);
      },
      onError: (error) => toast.error(errorMessage(error, messages.verification.actionFailed)),
    });
  }

  return (
    <div className="mt-3 space-y-3" data-testid="epfo-progress">
      {lookup && otp ? <EpfoOtpSession lookup={lookup} otp={otp} /> : null}
      <div aria-live="polite" className="text-sm">
        {otp ? null : lookup?.state === 'retrying' && lookup.next_attempt_at ? (
          <p className="text-amber-800" data-testid="epfo-retrying">
            {fill(text.retrying, { provider, time: format(new Date(lookup.next_attempt_at), 'h:mm a') })}
          </p>
        ) : open && check.status === 'pending' ? (
          <p className="flex items-center gap-2 text-slate-700" data-testid="epfo-asking">
            <Spinner className="size-4" />
            {fill(text.asking, { provider })}
          </p>
        ) : lookup?.state === 'gave_up' ? (
          <p className="text-slate-700">{text.gaveUp}</p>
        ) : null}
      </div>
      {lookup?.findings ? <EpfoHistory lookup={lookup} findings={lookup.findings} audience="candidate" /> : null}
      {lookup && !open ? (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={refresh.isPending}>
          {lookup.findings ? text.refreshButton : text.otpUseUan}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.consentTitle}
        description={messages.verification.consentIntro}
        confirmLabel={messages.verification.consentConfirm}
        onConfirm={ask}
        pending={refresh.isPending}
      >
        <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800">{check.purpose}</p>
      </ConfirmDialog>
    </div>
  );
}
