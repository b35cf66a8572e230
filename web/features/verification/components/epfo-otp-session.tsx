import { useEffect, useId, useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import { messages } from '@shared/messages.ts';
import { epfoOtpCodeBodySchema, type EpfoLookupView, type EpfoOtpView } from '@shared/schemas/epfo.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useCancelEpfoOtp, useResendEpfoCode, useSubmitEpfoCode } from '../api/epfo-otp.ts';

const text = messages.epfo;
const time = (iso: string) => format(new Date(iso), 'h:mm a');

/** Whether `iso` has passed (a new code may then be asked for), re-rendering when it does. */
function usePassed(iso: string | null): boolean {
  const [passed, setPassed] = useState<string | null>(null);
  useEffect(() => {
    if (!iso) return;
    const timer = setTimeout(() => setPassed(iso), Math.max(0, Date.parse(iso) - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [iso]);
  return iso !== null && passed === iso;
}

/** What the last code's fate asks of the candidate, shown as the field's error (announced). */
function noticeOf(otp: EpfoOtpView): string | undefined {
  if (otp.notice === 'wrong_code') return fill(text.otpWrongCode, { tries: fill((otp.tries_left === 1 ? text.otpTries.one : text.otpTries.other) ?? '', { count: otp.tries_left }) });
  if (otp.notice === 'not_checked') return text.otpNotChecked;
  if (otp.notice === 'code_lost') return text.otpCodeLost;
  return undefined;
}

function CodeForm({ otp }: { otp: EpfoOtpView }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = useSubmitEpfoCode();
  const resend = useResendEpfoCode();
  const cancel = useCancelEpfoOtp();
  const canResend = usePassed(otp.resend_at);
  const shownError = error ?? noticeOf(otp);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = epfoOtpCodeBodySchema.safeParse({ code });
    if (!parsed.success) return setError(text.otpCodeFormat);
    setError(undefined);
    submit.mutate(parsed.data.code, { onSuccess: () => setCode(''), onError: (failure) => setError(errorMessage(failure, messages.verification.actionFailed)) });
  }
  const otherwise = (failure: unknown) => toast.error(errorMessage(failure, messages.verification.actionFailed));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-busy={submit.isPending} data-testid="epfo-otp-form">
      <p className="text-sm text-slate-700" data-testid="epfo-otp-sent">
        {otp.masked_mobile ? fill(text.otpSent, { mobile: otp.masked_mobile, time: otp.expires_at ? time(otp.expires_at) : '' }) : fill(text.otpSentNoMobile, { time: otp.expires_at ? time(otp.expires_at) : '' })}
      </p>
      <TextField
        id={`${id}-code`}
        label={text.otpCodeLabel}
        hint={text.otpCodeHint}
        error={shownError}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="max-w-48 font-mono text-lg tracking-[0.3em]"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={submit.isPending}>
          {text.otpSubmit}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={!otp.resend_at || !canResend || resend.isPending} onClick={() => resend.mutate(undefined, { onSuccess: () => toast.success(text.otpResent), onError: otherwise })}>
          {text.otpResend}
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined, { onError: otherwise })}>
          {text.otpCancel}
        </Button>
      </div>
      {otp.resend_at && !canResend ? <p className="text-xs text-slate-500">{fill(text.otpResendAt, { time: time(otp.resend_at) })}</p> : null}
    </form>
  );
}

/**
 * The OTP passbook session on the candidate's UAN check, live: sending the code, the code field
 * while EPFO waits for it, checking it, reading the passbook; or why it ended.
 */
export function EpfoOtpSession({ lookup, otp }: { lookup: EpfoLookupView; otp: EpfoOtpView }) {
  const progress =
    lookup.state === 'retrying' && lookup.next_attempt_at
      ? fill(text.otpRetrying, { provider: lookup.provider_label, time: time(lookup.next_attempt_at) })
      : otp.step === 'sending'
        ? text.otpSending
        : otp.step === 'checking'
          ? text.otpChecking
          : otp.step === 'reading'
            ? fill(text.otpReading, { provider: lookup.provider_label })
            : null;
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3" data-testid="epfo-otp-session">
      <div aria-live="polite" className="text-sm">
        {progress ? (
          <p className="flex items-center gap-2 text-slate-700" data-testid="epfo-otp-progress">
            {lookup.state === 'retrying' ? null : <Spinner className="size-4" />}
            {progress}
          </p>
        ) : otp.ended ? (
          <p className="text-slate-700" data-testid="epfo-otp-ended">
            {text.otpEnded[otp.ended] ?? ''}
          </p>
        ) : null}
      </div>
      {otp.step === 'awaiting_code' ? <CodeForm otp={otp} /> : null}
    </div>
  );
}
