import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';

interface TextFieldProps extends ComponentProps<typeof Input> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Ids of other elements describing the field (a live status, say). */
  describedBy?: string;
}

/** A labelled input with its hint and error wired up for screen readers. */
export function TextField({ id, label, error, hint, describedBy, ...inputProps }: TextFieldProps) {
  const described = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...inputProps} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
