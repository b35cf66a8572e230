import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { changePasswordFormSchema, type Account, type ChangePasswordInput } from '@shared/schemas/account.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useChangePassword } from '../api/account.ts';
import { NoPasswordNotice } from './account-no-password.tsx';
import { showServerErrors } from './settings-section.tsx';

const text = messages.account;

/** Which field a refusal of POST /api/account/password is about. */
export const PASSWORD_ERROR_FIELDS = { WRONG_PASSWORD: 'current_password', PASSWORD_NOT_ACCEPTED: 'new_password', SAME_PASSWORD: 'new_password' };

/** Password change: the current one, then the new one. Every other session ends on success. */
export function AccountPasswordForm({ account }: { account: Account }) {
  const id = useId();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: { current_password: '', new_password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      toast.success(text.passwordChanged);
    } catch (error) {
      showServerErrors(form, error, PASSWORD_ERROR_FIELDS);
    }
  });

  if (!account.has_password) return <NoPasswordNotice />;
  return (
    <form aria-label={text.passwordHeading} onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={account.email} readOnly hidden />
      <TextField
        id={`${id}-current`}
        type="password"
        label={text.currentPasswordLabel}
        required
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
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
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? text.saving : text.passwordSubmit}
        </Button>
      </div>
    </form>
  );
}
