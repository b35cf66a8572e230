import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages.ts';
import { unenrolFactorSchema, type UnenrolFactorInput } from '@shared/schemas/auth.ts';
import { Button, type ButtonProps } from '@web/components/ui/button.tsx';
import { DialogClose } from '@web/components/ui/dialog.tsx';
import { showRefusal } from '../lib/enrol-errors.ts';
import { ReauthField } from './reauth-field.tsx';

/** The proof a change of two-step verification is sent with: the password, or an emailed code. */
export interface ReauthProof {
  password: string | undefined;
  email_code: string | undefined;
}

/**
 * A dialog's form that confirms a change with the password or an emailed code (ASVS 7.5.1), then
 * Cancel and the confirm button. A refusal about either goes under the field; anything else is a toast.
 */
export function ReauthConfirmForm<Result>({
  id,
  busy,
  confirmLabel,
  confirmVariant,
  send,
  onSent,
}: {
  id: string;
  busy: boolean;
  confirmLabel: string;
  confirmVariant?: ButtonProps['variant'];
  send: (proof: ReauthProof) => Promise<Result>;
  onSent: (result: Result) => void;
}) {
  const form = useForm<UnenrolFactorInput>({ resolver: zodResolver(unenrolFactorSchema), defaultValues: { password: '', email_code: '' } });

  const onSubmit = form.handleSubmit(async ({ password, email_code }) => {
    let result: Result;
    try {
      result = await send({ password: password || undefined, email_code: email_code || undefined });
    } catch (error) {
      showRefusal(form, error, ['password', 'email_code']);
      return;
    }
    onSent(result);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" noValidate aria-busy={busy}>
      <ReauthField
        id={id}
        password={form.register('password')}
        emailCode={form.register('email_code')}
        passwordError={form.formState.errors.password?.message}
        codeError={form.formState.errors.email_code?.message}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{messages.accountSecurity.cancel}</Button>
        </DialogClose>
        <Button type="submit" variant={confirmVariant} disabled={busy}>
          {busy ? messages.accountSecurity.working : confirmLabel}
        </Button>
      </div>
    </form>
  );
}
