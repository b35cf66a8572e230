import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { mfaRecoveryMessages as text } from '@shared/messages/mfa-recovery.ts';
import { messages } from '@shared/messages.ts';
import { unenrolFactorSchema, type UnenrolFactorInput } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog.tsx';
import { toast } from '@web/lib/toast.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useShowRecoveryCodes } from '../hooks/use-show-recovery-codes.ts';
import { refusalTarget } from '../lib/enrol-errors.ts';
import { ReauthField } from './reauth-field.tsx';

/** "Regenerate recovery codes": the password (or an emailed code) again, then the new set is shown once. */
export function RegenerateRecoveryCodesDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <RefreshCw className="size-4" aria-hidden="true" />
          {text.regenerate}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{text.regenerateTitle}</DialogTitle>
        <DialogDescription>{text.regenerateDescription}</DialogDescription>
        <RegenerateForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RegenerateForm({ onDone }: { onDone: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const showRecoveryCodes = useShowRecoveryCodes();
  // The same proof as removing a factor: the password, or a code emailed to a password-less account.
  const form = useForm<UnenrolFactorInput>({ resolver: zodResolver(unenrolFactorSchema), defaultValues: { password: '', email_code: '' } });

  const onSubmit = form.handleSubmit(async ({ password, email_code }) => {
    try {
      const { codes } = await regenerate.mutateAsync({ password: password || undefined, email_code: email_code || undefined });
      onDone();
      showRecoveryCodes(codes);
    } catch (error) {
      const { field, message } = refusalTarget(error);
      if (field === 'password' || field === 'email_code') form.setError(field, { message }, { shouldFocus: true });
      else toast.error(message);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" noValidate aria-busy={regenerate.isPending}>
      <ReauthField
        id="regenerate-password"
        password={form.register('password')}
        emailCode={form.register('email_code')}
        passwordError={form.formState.errors.password?.message}
        codeError={form.formState.errors.email_code?.message}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{messages.accountSecurity.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={regenerate.isPending}>
          {regenerate.isPending ? messages.accountSecurity.working : text.regenerateConfirm}
        </Button>
      </div>
    </form>
  );
}
