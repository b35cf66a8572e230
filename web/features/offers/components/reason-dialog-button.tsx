import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';

/**
 * A button that asks for a reason before it acts (withdrawing an offer, declining one): the
 * dialog's title, what follows, the reason field and the action. The server judges the reason.
 */
export function ReasonDialogButton({
  label,
  title,
  description,
  reasonLabel,
  action,
  cancelLabel,
  failed,
  variant = 'outline',
  onConfirm,
}: {
  label: string;
  title: string;
  description: string;
  reasonLabel: string;
  action: string;
  cancelLabel: string;
  failed: string;
  variant?: 'outline' | 'destructive' | 'primary';
  onConfirm: (reason: string) => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason('');
      setError(undefined);
    } catch (caught) {
      const message = errorMessage(caught, '');
      if (message) setError(message.replace(/^reason: /, ''));
      else toast.error(failed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="mt-2">{description}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
          <TextField id={`${id}-reason`} label={reasonLabel} value={reason} onChange={(event) => setReason(event.target.value)} error={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {action}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
