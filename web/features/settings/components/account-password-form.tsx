import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages.ts';
import { changePasswordFormSchema, type Account } from '@shared/schemas/account.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useChangePassword } from '../api/account.ts';
import { NoPasswordNotice } from './account-no-password.tsx';
import { CurrentPasswordField, PasswordConfirmedForm, usePasswordConfirmedForm } from './password-confirmed-form.tsx';

const text = messages.account;

/** Which field a refusal of POST /api/account/password is about. */
export const PASSWORD_ERROR_FIELDS = { WRONG_PASSWORD: 'current_password', PASSWORD_NOT_ACCEPTED: 'new_password', SAME_PASSWORD: 'new_password' };

/** Password change: the current one, then the new one. Every other session ends on success. */
export function AccountPasswordForm({ account }: { account: Account }) {
  const id = useId();
  const change = useChangePassword();
  const { form, onSubmit } = usePasswordConfirmedForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '' },
    send: change.mutateAsync,
    savedMessage: () => text.passwordChanged,
    errorFields: PASSWORD_ERROR_FIELDS,
  });
  const { errors, isSubmitting } = form.formState;

  if (!account.has_password) return <NoPasswordNotice />;
  return (
    <PasswordConfirmedForm label={text.passwordHeading} busy={isSubmitting} submitLabel={isSubmitting ? text.saving : text.passwordSubmit} onSubmit={onSubmit}>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={account.email} readOnly hidden />
      <CurrentPasswordField id={`${id}-current`} error={errors.current_password?.message} registration={form.register('current_password')} />
      <TextField
        id={`${id}-new`}
        type="password"
        label={text.newPasswordLabel}
        hint={text.newPasswordHint}
        required
        autoComplete="new-password"
        error={errors.new_password?.message}
        {...form.register('new_password')}
      />
    </PasswordConfirmedForm>
  );
}
