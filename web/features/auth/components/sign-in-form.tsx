import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast.ts';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import type { SignInInput } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver.ts';
import { useHydrated } from '@web/lib/use-hydrated.ts';
import { signInErrorMessage, useSignInWithEmail } from '../api/sign-in-with-email.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { ForgotPasswordLink } from './forgot-password-link.tsx';
import { TrialSignupHint } from './trial-intro.tsx';

export function SignInForm({ trial, onSecondFactor }: { trial: boolean; onSecondFactor: () => void }) {
  // Busy from submit until the whole sign-in (password, then the session check) has ended.
  const [busy, setBusy] = useState(false);
  // Trial mode: the email of the last refused sign-in, to lead a new visitor to create the account.
  const [refusedEmail, setRefusedEmail] = useState<string | null>(null);
  // The server may send this form rendered (/auth); until the script runs, a native submit would put
  // the password in the address. So it cannot be submitted before then, and would be posted if it were.
  const hydrated = useHydrated();
  const signIn = useSignInWithEmail();
  const finishSignIn = useFinishSignIn();
  const form = useForm<SignInInput>({ resolver: lazyZodResolver(() => import('@shared/schemas/auth.ts').then((schemas) => schemas.signInSchema)), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    setRefusedEmail(null);
    try {
      await signIn.mutateAsync(values);
      if ((await finishSignIn()) === 'second-factor') onSecondFactor();
    } catch (error) {
      if (!isApiError(error)) console.error('Sign-in failed', error);
      toast.error(signInErrorMessage(error));
      if (trial && isApiError(error) && error.code === 'INVALID_EMAIL_OR_PASSWORD') setRefusedEmail(values.email);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
      <div className="space-y-1.5">
        <Label htmlFor="email">{messages.signIn.emailLabel}</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder={messages.signIn.emailPlaceholder}
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="email-error" message={errors.email?.message} />
      </div>
      <div className="space-y-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor="password">{messages.signIn.passwordLabel}</Label>
          <ForgotPasswordLink getEmail={() => form.getValues('email')} />
        </div>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...form.register('password')}
        />
        <FieldError id="password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={busy || !hydrated}>
        {busy ? messages.auth.processing : trial ? messages.auth.trialButton : messages.auth.signInButton}
      </Button>
      {refusedEmail !== null ? <TrialSignupHint email={refusedEmail} /> : null}
    </form>
  );
}
