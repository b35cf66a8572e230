import { useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import type { PasswordResetRequest } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/**
 * "Forgot password?": asks for the email and answers the same way whether or not an account exists.
 * Loaded when the link is first pressed (forgot-password-link.tsx), open from the start; opened
 * again with `opening`, each time with the email typed in the sign-in form. Closed, focus goes back
 * to the link.
 */
export function ForgotPasswordDialog({ open, opening, onOpenChange, getEmail, link }: { open: boolean; opening: number; onOpenChange: (open: boolean) => void; getEmail: () => string; link: RefObject<HTMLButtonElement | null> }) {
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({ resolver: lazyZodResolver(() => import('@shared/schemas/auth.ts').then((schemas) => schemas.passwordResetRequestSchema)), defaultValues: { email: getEmail() } });
  // Each opening starts afresh (state adjusted while rendering, as React advises for a changed prop).
  const [shownOpening, setShownOpening] = useState(opening);
  if (shownOpening !== opening) {
    setShownOpening(opening);
    setSent(false);
    form.reset({ email: getEmail() });
  }
  const onSubmit = form.handleSubmit(async ({ email }) => {
    // Neutral whatever happens: the answer must not tell whether the email has an account.
    await request.mutateAsync(email).catch(() => undefined);
    setSent(true);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          link.current?.focus();
        }}
      >
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
