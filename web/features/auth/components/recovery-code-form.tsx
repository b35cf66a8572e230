import { useState, type FormEvent } from 'react';
import { mfaRecoveryMessages as text } from '@shared/messages/mfa-recovery.ts';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { normaliseRecoveryCode } from '@shared/schemas/mfa-recovery.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useVerifyRecoveryCode } from '../api/verify-recovery-code.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

/**
 * "Use a recovery code" at the second step of sign-in (issue 33, A7): one of the codes saved when
 * two-step verification was turned on. The server's refusal (wrong, used, too many tries) shows
 * under the field in its own words.
 */
export function RecoveryCodeForm({ onUseFactor }: { onUseFactor: (() => void) | null }) {
  const verify = useVerifyRecoveryCode();
  const finishSignIn = useFinishSignIn();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!normaliseRecoveryCode(code)) {
      setCodeError(text.invalidFormat);
      return;
    }
    setCodeError(undefined);
    try {
      const { remaining } = await verify.mutateAsync(code);
      toast.success(fill(text.signedInLeft, { count: remaining }));
      await finishSignIn();
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 429)) {
        setCodeError(error.message);
        return;
      }
      if (!isApiError(error)) console.error('Recovery code sign-in failed', error);
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-5" noValidate aria-busy={verify.isPending}>
      <p className="text-sm text-slate-600">{text.recoveryPrompt}</p>
      <TextField
        id="recovery-code"
        label={text.recoveryLabel}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        maxLength={40}
        placeholder={text.recoveryPlaceholder}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeError}
        className="text-center font-mono text-lg tracking-widest"
      />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? messages.auth.processing : messages.secondFactor.verify}
      </Button>
      {onUseFactor ? (
        <div className="text-center">
          <Button variant="link" size="sm" onClick={onUseFactor}>
            {text.useFactorInstead}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
