import type { ReactNode } from 'react';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';

export interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** aria-describedby for a field: its hint, its error and any other describing elements. */
export function fieldDescribedBy(id: string, error: string | undefined, hint: ReactNode, extra?: string): string | undefined {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined, extra].filter(Boolean).join(' ') || undefined;
}

/** A field's label above it, then its hint and its error, with the ids fieldDescribedBy names. */
export function FieldFrame({ id, label, error, hint, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
