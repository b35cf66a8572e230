import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import type { PasswordResetRequest } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** "Forgot password?": asks for the email and answers the same way whether or not an account exists. */
export function ForgotPasswordDialog({ getEmail }: { getEmail: () => string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({ resolver: lazyZodResolver(() => import('@shared/schemas/auth.ts').then((schemas) => schemas.passwordResetRequestSchema)), defaultValues: { email: '' } });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setSent(false);
      form.reset({ email: getEmail() });
    }
  };
  const onSubmit = form.handleSubmit(async ({ email }) => {
    // Neutral whatever happens: the answer must not tell whether the email has an account.
    await request.mutateAsync(email).catch(() => undefined);
    setSent(true);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="h-auto">
          {messages.signIn.forgotPassword}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{messages.passwordReset.dialogTitle}</DialogTitle>
        {sent ? (
          <DialogDescription role="status" className="mt-3 text-base text-slate-700">
            {messages.passwordReset.linkSent}
          </DialogDescription>
        ) : (
          <>
            <DialogDescription>{messages.passwordReset.dialogDescription}</DialogDescription>
            <form
              // The dialog is portalled out of the sign-in form in the DOM but not in React's tree:
              // keep this submit from reaching the sign-in form.
              onSubmit={(event) => {
                event.stopPropagation();
                void onSubmit(event);
              }}
              className="mt-5 space-y-4"
              noValidate
            >
              <div className="space-y-1.5">
                <Label htmlFor="reset-email">{messages.signIn.emailLabel}</Label>
                <Input
                  id="reset-email"
                  type="email"
                  autoComplete="email"
                  placeholder={messages.signIn.emailPlaceholder}
                  required
                  aria-invalid={form.formState.errors.email ? true : undefined}
                  aria-describedby={form.formState.errors.email ? 'reset-email-error' : undefined}
                  {...form.register('email')}
                />
                <FieldError id="reset-email-error" message={form.formState.errors.email?.message} />
              </div>
              <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? messages.auth.processing : messages.passwordReset.sendLink}
              </Button>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
