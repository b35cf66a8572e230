import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { unenrolFactorSchema, type Factor, type UnenrolFactorInput } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog.tsx';
import { fill } from '@web/lib/fill.ts';
import { useDeleteMfaFactor } from '../api/delete-mfa-factor.ts';
import { refusalTarget } from '../lib/enrol-errors.ts';
import { factorName } from '../lib/format.ts';
import { ReauthField } from './reauth-field.tsx';

/** "Remove": confirms with the account password or an emailed code (ASVS 7.5.1), then deletes the factor. */
export function RemoveFactorDialog({ factor, isLastVerified }: { factor: Factor; isLastVerified: boolean }) {
  const [open, setOpen] = useState(false);
  const name = factorName(factor);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={fill(messages.accountSecurity.removeNamed, { name })}>
          <Trash2 className="size-4" aria-hidden="true" />
          {messages.accountSecurity.remove}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{messages.accountSecurity.removeTitle}</DialogTitle>
        <DialogDescription>{fill(messages.accountSecurity.removeDescription, { name })}</DialogDescription>
        {isLastVerified ? <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{messages.accountSecurity.lastFactorWarning}</p> : null}
        <RemoveForm factorId={factor.id} onRemoved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RemoveForm({ factorId, onRemoved }: { factorId: string; onRemoved: () => void }) {
  const remove = useDeleteMfaFactor();
  const form = useForm<UnenrolFactorInput>({ resolver: zodResolver(unenrolFactorSchema), defaultValues: { password: '', email_code: '' } });

  const onSubmit = form.handleSubmit(async ({ password, email_code }) => {
    try {
      await remove.mutateAsync({ factorId, password: password || undefined, email_code: email_code || undefined });
    } catch (error) {
      const { field, message } = refusalTarget(error);
      if (field === 'password' || field === 'email_code') form.setError(field, { message }, { shouldFocus: true });
      else toast.error(message);
      return;
    }
    toast.success(messages.accountSecurity.removed);
    onRemoved();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" noValidate aria-busy={remove.isPending}>
      <ReauthField
        id="remove-password"
        password={form.register('password')}
        emailCode={form.register('email_code')}
        passwordError={form.formState.errors.password?.message}
        codeError={form.formState.errors.email_code?.message}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{messages.accountSecurity.cancel}</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? messages.accountSecurity.working : messages.accountSecurity.removeConfirm}
        </Button>
      </div>
    </form>
  );
}
