import type { ComponentProps } from 'react';
import { FieldFrame, fieldDescribedBy, type FieldFrameProps } from '@web/components/ui/field-frame.tsx';
import { Input } from '@web/components/ui/input.tsx';

interface TextFieldProps extends FieldFrameProps, Omit<ComponentProps<typeof Input>, 'id'> {
  /** Ids of other elements describing the field (a live status, say). */
  describedBy?: string;
}

/** A labelled input with its hint and error wired up for screen readers. */
export function TextField({ id, label, error, hint, describedBy, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={fieldDescribedBy(id, error, hint, describedBy)} {...inputProps} />
    </FieldFrame>
  );
}
