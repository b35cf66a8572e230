import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { developersMessages as text } from '@shared/messages/developers.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
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
