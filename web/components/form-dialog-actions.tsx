import { Button } from '@web/components/ui/button.tsx';

/** A form dialog's footer: Cancel, then the submit button, which is disabled (and may say so) while busy. */
export function FormDialogActions({ onCancel, cancelLabel, submitLabel, busy, busyLabel }: { onCancel: () => void; cancelLabel: string; submitLabel: string; busy: boolean; busyLabel?: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
