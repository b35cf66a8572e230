import { Button } from '@web/components/ui/button.tsx';

interface FormActionsProps {
  submitLabel: string;
  busy: boolean;
  busyLabel: string;
  /** Previous in the registration, Cancel on the dashboard; no button when absent. */
  back?: { label: string; onClick: () => void };
}

/** A step's buttons: the way back on the left, the submit on the right. */
export function FormActions({ submitLabel, busy, busyLabel, back }: FormActionsProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
      {back ? (
        <Button variant="outline" onClick={back.onClick} disabled={busy}>
          {back.label}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" disabled={busy} className="ml-auto">
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
