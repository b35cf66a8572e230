import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useStartEpfoOtp } from '../api/epfo-otp.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const text = messages.epfo;

/**
 * The stronger EPFO option beside the lookup by UAN: EPFO texts a code to the member's registered
 * mobile. Its consent (the provider, what is sent, what is read) is shown before anything is asked.
 * Only offered where the provider has the OTP flow (`purpose` is null otherwise).
 */
export function EpfoOtpOption({ purpose }: { purpose: string }) {
  const [confirming, setConfirming] = useState(false);
  const start = useStartEpfoOtp();

  function confirm() {
    start.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(text.otpStarted);
      },
      onError: (error) => toast.error(errorMessage(error, messages.verification.actionFailed)),
    });
  }

  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-3" data-testid="epfo-otp-option">
      <p className="flex min-w-0 flex-1 basis-64 gap-2 text-sm text-emerald-900">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{text.otpStronger}</span>
      </p>
      {/* Wraps on a phone: the label is longer than a 375 px card is wide. */}
      <Button size="sm" variant="outline" className="h-auto! min-h-8 py-1.5 whitespace-normal!" onClick={() => setConfirming(true)} disabled={start.isPending}>
        {text.otpButton}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.otpConsentTitle}
        description={messages.verification.consentIntro}
        confirmLabel={messages.verification.consentConfirm}
        onConfirm={confirm}
        pending={start.isPending}
      >
        <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="epfo-otp-purpose">
          {purpose}
        </p>
      </ConfirmDialog>
    </div>
  );
}
