import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { OTP_LENGTH } from '@shared/options.ts';
import { verifyFactorSchema, type Factor } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import type { FactorVerification } from '../hooks/use-factor-verification.ts';

const codeFormSchema = verifyFactorSchema.pick({ code: true });
type CodeForm = z.infer<typeof codeFormSchema>;

interface VerifyCodeFormProps {
  factor: Pick<Factor, 'id' | 'factor_type'>;
  verification: FactorVerification;
  /** recoveryCodes: set when this factor turned two-step verification on (shown once). */
  onVerified: (recoveryCodes: string[] | undefined) => void;
}

/** The 6-digit code step; a phone factor also gets "Send a new code" (the server spaces them 60 s apart). */
export function VerifyCodeForm({ factor, verification, onVerified }: VerifyCodeFormProps) {
  const id = useId();
  const form = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const outcome = await verification.verify(factor, code);
    if (outcome.ok) onVerified(outcome.recoveryCodes);
    else if (outcome.message) form.setError('code', { message: outcome.message }, { shouldFocus: true });
  });

  async function resend() {
    form.clearErrors('code');
    if (await verification.sendCode(factor)) toast.success(messages.accountSecurity.codeSent);
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate aria-busy={verification.verifying}>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-code`}>{messages.accountSecurity.codeLabel}</Label>
        <Input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          autoFocus
          className="text-center font-mono text-lg tracking-[0.5em]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : undefined}
          {...form.register('code')}
        />
        <FieldError id={`${id}-code-error`} message={error} />
      </div>
      <Button type="submit" className="w-full" disabled={verification.verifying || form.formState.isSubmitting}>
        {verification.verifying ? messages.accountSecurity.working : messages.accountSecurity.verify}
      </Button>
      {factor.factor_type === 'phone' ? (
        <div className="text-center">
          <Button variant="link" size="sm" disabled={verification.sending} onClick={() => void resend()}>
            {messages.accountSecurity.resend}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
