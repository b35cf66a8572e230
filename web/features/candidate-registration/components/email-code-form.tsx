import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { otpSchema } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useStartEmail } from '../api/start-email.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { showServerError } from '../lib/server-errors.ts';
import { OtpField } from './otp-field.tsx';

const text = messages.candidate;
const codeFormSchema = z.object({ otp: otpSchema });

interface EmailCodeFormProps {
  email: string;
  onChangeEmail: () => void;
  /** The email cannot register as a candidate (409): back to the email entry with the reason. */
  onRefused: (message: string) => void;
}

/** Verify Your Email: the 6-digit code sent to the email; success signs the candidate in. */
export function EmailCodeForm({ email, onChangeEmail, onRefused }: EmailCodeFormProps) {
  const id = useId();
  const verify = useVerifyEmail();
  const resend = useStartEmail();
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({ resolver: zodResolver(codeFormSchema), defaultValues: { otp: '' } });

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    try {
      await verify.mutateAsync({ email, otp });
    } catch (error) {
      if (isApiError(error, 409)) return onRefused(error.message);
      if (!isApiError(error)) console.error('Verifying the email code failed', error);
      // A wrong or expired code (400): the server's reason at the field.
      if (!showServerError(form, error, ['otp'], 'otp')) toast.error(text.phone.verifyFailed);
    }
  });

  const resendCode = () => {
    resend.mutate(email, {
      onSuccess: () => {
        toast.success(fill(text.registration.emailCodeSent, { email }));
        form.reset({ otp: '' });
        form.setFocus('otp');
      },
      onError: (error) => {
        if (isApiError(error, 409)) return onRefused(error.message);
        toast.error(errorMessage(error, messages.errors.internal));
      },
    });
  };

  const busy = verify.isPending || resend.isPending;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy} className="space-y-5">
      <p className="text-sm text-slate-600" data-testid="email-code-sent">
        {fill(text.registration.emailCodeSent, { email })}
      </p>
      <OtpField id={`${id}-otp`} label={text.registration.emailCodeLabel} error={form.formState.errors.otp?.message} registration={form.register('otp')} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {verify.isPending ? text.flow.verifying : text.registration.verifyEmailButton}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="link" onClick={onChangeEmail} disabled={busy}>
          {text.registration.changeEmail}
        </Button>
        <Button variant="link" onClick={resendCode} disabled={busy}>
          {resend.isPending ? text.flow.sending : text.registration.resendEmailCode}
        </Button>
      </div>
    </form>
  );
}
