import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, MessageSquareText } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { mfaRecoveryMessages as recoveryText } from '@shared/messages/mfa-recovery.ts';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { OTP_LENGTH } from '@shared/options.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { signOut } from '@web/lib/session/sign-out.ts';
import { useCreateMfaChallenge } from '../api/create-mfa-challenge.ts';
import { useVerifiedMfaFactors, type MfaFactor } from '../api/get-mfa-factors.ts';
import { useVerifyMfaFactor } from '../api/verify-mfa-factor.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { RecoveryCodeForm } from './recovery-code-form.tsx';

const codePattern = new RegExp(`^\\d{${OTP_LENGTH}}$`);

function factorLabel(factor: MfaFactor): string {
  if (factor.friendly_name) return factor.friendly_name;
  if (factor.factor_type === 'totp') return messages.secondFactor.authenticatorApp;
  return factor.phone_hint ? fill(messages.secondFactor.phoneTo, { phone: factor.phone_hint }) : messages.secondFactor.phone;
}

/** Second step of sign-in for an account with a verified second factor (aal1 → aal2). */
export function SecondFactorStep({ onCancel }: { onCancel: () => void }) {
  const factors = useVerifiedMfaFactors();
  const createChallenge = useCreateMfaChallenge();
  const verify = useVerifyMfaFactor();
  const finishSignIn = useFinishSignIn();
  const queryClient = useQueryClient();
  const [factor, setFactor] = useState<MfaFactor | null>(null);
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Issue 33, A7: a lost phone need not lock the owner out.
  const [useRecovery, setUseRecovery] = useState(false);

  async function challenge(chosen: MfaFactor) {
    setFactor(chosen);
    setChallengeId(null);
    setCode('');
    setCodeError(undefined);
    try {
      setChallengeId((await createChallenge.mutateAsync(chosen.id)).id);
    } catch (error) {
      if (!isApiError(error)) console.error('Could not create the challenge', error);
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!codePattern.test(code)) {
      setCodeError(messages.mfa.invalidOtp);
      return;
    }
    if (!factor || !challengeId) return;
    setCodeError(undefined);
    setBusy(true);
    try {
      await verify.mutateAsync({ factorId: factor.id, challengeId, code });
      await finishSignIn();
    } catch (error) {
      if (!isApiError(error)) console.error('Second-factor verification failed', error);
      toast.error(errorMessage(error, messages.auth.unexpected));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    await signOut().catch(() => undefined);
    queryClient.setQueryData(meQueryKey, null);
    onCancel();
  }

  let body;
  if (useRecovery) {
    body = <RecoveryCodeForm onUseFactor={factors.data && factors.data.length > 0 ? () => setUseRecovery(false) : null} />;
  } else if (factors.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner className="size-6" />
      </div>
    );
  } else if (factors.isError) {
    body = (
      <p role="alert" className="text-sm text-red-600">
        {messages.secondFactor.loadFailed}
      </p>
    );
  } else if (factors.data.length === 0) {
    body = <p className="text-sm text-slate-600">{messages.secondFactor.noFactors}</p>;
  } else if (!factor || (!challengeId && !createChallenge.isPending)) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{messages.secondFactor.chooseFactor}</p>
        <ul className="space-y-2">
          {factors.data.map((item) => (
            <li key={item.id}>
              <Button variant="outline" className="h-12 w-full justify-start" onClick={() => void challenge(item)}>
                {item.factor_type === 'totp' ? <KeyRound className="size-4 text-brand-700" aria-hidden="true" /> : <MessageSquareText className="size-4 text-brand-700" aria-hidden="true" />}
                {factorLabel(item)}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} className="space-y-5" noValidate aria-busy={busy}>
        <p className="text-sm text-slate-600">{factor.factor_type === 'totp' ? messages.secondFactor.totpPrompt : messages.secondFactor.smsPrompt}</p>
        <div className="space-y-1.5">
          <Label htmlFor="otp">{messages.secondFactor.codeLabel}</Label>
          <Input
            id="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            className="text-center font-mono text-lg tracking-[0.5em]"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'otp-error' : undefined}
          />
          <FieldError id="otp-error" message={codeError} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy || !challengeId}>
          {busy ? messages.auth.processing : messages.secondFactor.verify}
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          {factor.factor_type === 'phone' ? (
            <Button variant="link" size="sm" disabled={createChallenge.isPending} onClick={() => void challenge(factor)}>
              {messages.secondFactor.resend}
            </Button>
          ) : null}
          {factors.data.length > 1 ? (
            <Button variant="link" size="sm" onClick={() => setFactor(null)}>
              {messages.secondFactor.useOther}
            </Button>
          ) : null}
        </div>
      </form>
    );
  }

  return (
    <div className="space-y-6">
      {body}
      <div className="flex flex-col items-center gap-1 border-t border-slate-200 pt-4">
        {useRecovery ? null : (
          <Button variant="link" size="sm" onClick={() => setUseRecovery(true)}>
            {recoveryText.useRecoveryCode}
          </Button>
        )}
        <Button variant="link" size="sm" onClick={() => void cancel()}>
          {messages.secondFactor.signOutInstead}
        </Button>
      </div>
    </div>
  );
}
