import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { Factor } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog.tsx';
import { fill } from '@web/lib/fill.ts';
import { useDeleteMfaFactor } from '../api/delete-mfa-factor.ts';
import { factorName } from '../lib/format.ts';
import { ReauthConfirmForm } from './reauth-confirm-form.tsx';

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
  return (
    <ReauthConfirmForm
      id="remove-password"
      busy={remove.isPending}
      confirmLabel={messages.accountSecurity.removeConfirm}
      confirmVariant="destructive"
      send={(proof) => remove.mutateAsync({ factorId, ...proof })}
      onSent={() => {
        toast.success(messages.accountSecurity.removed);
        onRemoved();
      }}
    />
  );
}
