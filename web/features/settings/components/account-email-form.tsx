import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { changeEmailFormSchema, type Account, type ChangeEmailInput } from '@shared/schemas/account.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { fill } from '@web/lib/fill.ts';
import { useChangeEmail } from '../api/account.ts';
import { NoPasswordNotice } from './account-no-password.tsx';
import { CurrentPasswordField, PasswordConfirmedForm, usePasswordConfirmedForm } from './password-confirmed-form.tsx';

const text = messages.account;
const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/**
 * Email change: the new work address and the current password. Nothing changes until the link we
 * send to the new address is opened; until then the tab says a change is waiting.
 */
export function AccountEmailForm({ account }: { account: Account }) {
  const id = useId();
  const change = useChangeEmail();
  const { form, onSubmit } = usePasswordConfirmedForm<ChangeEmailInput, Account>({
    resolver: zodResolver(changeEmailFormSchema),
    defaultValues: { new_email: '', current_password: '' },
    send: change.mutateAsync,
    savedMessage: (saved) => fill(text.emailSent, { email: saved.pending_email?.new_email ?? '' }),
    errorFields: { WRONG_PASSWORD: 'current_password', EMAIL_TAKEN: 'new_email', EMAIL_SAME: 'new_email', WORK_EMAIL_REQUIRED: 'new_email' },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <div className="space-y-4">
      <p className="text-sm break-words text-slate-700">{fill(text.currentEmail, { email: account.email })}</p>
      {account.pending_email ? (
        <p role="status" className="flex gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm break-words text-slate-800">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="min-w-0">{fill(text.emailPending, { email: account.pending_email.new_email, date: when(account.pending_email.expires_at) })}</span>
        </p>
      ) : null}
      {account.has_password ? (
        <PasswordConfirmedForm label={text.emailHeading} busy={isSubmitting} submitLabel={text.emailSubmit} onSubmit={onSubmit}>
          <TextField
            id={`${id}-email`}
            type="email"
            label={text.newEmailLabel}
            placeholder={text.newEmailPlaceholder}
            required
            autoComplete="email"
            spellCheck={false}
            error={errors.new_email?.message}
            {...form.register('new_email')}
          />
          <CurrentPasswordField id={`${id}-password`} error={errors.current_password?.message} registration={form.register('current_password')} />
        </PasswordConfirmedForm>
      ) : (
        <NoPasswordNotice />
      )}
    </div>
  );
}
