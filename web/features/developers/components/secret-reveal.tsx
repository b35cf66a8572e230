import { useState, type ComponentType, type ReactNode } from 'react';
import { Check, Copy, type LucideIcon } from 'lucide-react';
import { developersMessages as text } from '@shared/messages/developers.ts';
import { Button, type ButtonProps } from '@web/components/ui/button.tsx';
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

/** What CreateThenRevealDialog hands its form: the created thing (whose secret is then shown once), or a cancel. */
export interface CreateFormProps<T> {
  onCreated: (created: T) => void;
  onCancel: () => void;
}

/**
 * A dialog that creates something with a secret (an API key, a webhook endpoint): the trigger
 * button opens the form; once created, the secret is shown once; closing forgets it.
 */
export function CreateThenRevealDialog<T extends { secret: string }>({
  trigger,
  reveal,
  form: Form,
}: {
  trigger: { label: string; icon: LucideIcon; variant?: ButtonProps['variant'] };
  reveal: { title: string; note: string; testId: string };
  form: ComponentType<CreateFormProps<T>>;
}) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<T | null>(null);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(null);
  };
  const Icon = trigger.icon;
  return (
    <Dialog open={open} onOpenChange={close}>
      <Button variant={trigger.variant} onClick={() => setOpen(true)}>
        <Icon className="size-4" aria-hidden="true" />
        {trigger.label}
      </Button>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {created ? <SecretReveal {...reveal} secret={created.secret} onDone={() => close(false)} /> : <Form onCreated={setCreated} onCancel={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** A create form's frame: its title (and a description for screen readers), the fields, then Cancel and the submit button. */
export function CreateForm({
  title,
  description,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className="sr-only">{description}</DialogDescription>
      {children}
      <div className="flex justify-end gap-3 pt-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
