import { useState, type ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { developersMessages as text } from '@shared/messages/developers.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { toast } from '@web/lib/toast.ts';

/** A secret shown once in a dialog (an API key, a webhook signing secret), with Copy and Done. */
export function SecretReveal({ title, note, secret, testId, onDone }: { title: string; note: string; secret: string; testId: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(text.copied);
    } catch {
      // The secret is selectable on screen; copying by hand still works.
    }
  }
  return (
    <div className="space-y-5">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{note}</DialogDescription>
      <p className="rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm break-all text-slate-900" data-testid={testId}>
        {secret}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {text.copy}
        </Button>
        <Button type="button" onClick={onDone}>
          {text.done}
        </Button>
      </div>
    </div>
  );
}

/**
 * A dialog that creates something with a secret (an API key, a webhook endpoint): the trigger
 * button opens the form; once created, the secret is shown once; closing forgets it.
 */
export function CreateThenRevealDialog<T extends { secret: string }>({
  trigger,
  reveal,
  form,
}: {
  trigger: (open: () => void) => ReactNode;
  reveal: { title: string; note: string; testId: string };
  form: (onCreated: (created: T) => void, onCancel: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<T | null>(null);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      {trigger(() => setOpen(true))}
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {created ? <SecretReveal {...reveal} secret={created.secret} onDone={() => close(false)} /> : form(setCreated, () => close(false))}
      </DialogContent>
    </Dialog>
  );
}
