import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { mfaRecoveryMessages as text } from '@shared/messages/mfa-recovery.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog.tsx';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useShowRecoveryCodes } from '../hooks/use-show-recovery-codes.ts';
import { ReauthConfirmForm } from './reauth-confirm-form.tsx';

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
  return (
    <ReauthConfirmForm
      id="regenerate-password"
      busy={regenerate.isPending}
      confirmLabel={text.regenerateConfirm}
      send={regenerate.mutateAsync}
      onSent={({ codes }) => {
        onDone();
        showRecoveryCodes(codes);
      }}
    />
  );
}
