import { useState, type ReactNode } from 'react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';

/**
 * A button that asks first: title, what will happen, Cancel and the action. `onConfirm` may
 * resolve to what the dialog shows next (a new secret); otherwise the dialog closes with `done`.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  title,
  body,
  action,
  destructive = false,
  done,
  cancelLabel,
  onConfirm,
}: {
  label: string;
  ariaLabel?: string;
  title: string;
  body: string;
  action: string;
  destructive?: boolean;
  done?: string;
  /** The feature's own "Cancel". */
  cancelLabel: string;
  onConfirm: (close: () => void) => Promise<ReactNode | void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [next, setNext] = useState<ReactNode>(null);
  const close = () => {
    setOpen(false);
    setNext(null);
  };
  async function confirm() {
    setBusy(true);
    try {
      const shown = await onConfirm(close);
      if (done) toast.success(done);
      if (shown) setNext(shown);
      else close();
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(value) => (value ? setOpen(true) : close())}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={ariaLabel ?? label}>
        {label}
      </Button>
      <DialogContent>
        {next ?? (
          <>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="mt-2">{body}</DialogDescription>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={close}>
                {cancelLabel}
              </Button>
              <Button variant={destructive ? 'destructive' : 'primary'} disabled={busy} onClick={() => void confirm()}>
                {action}
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
