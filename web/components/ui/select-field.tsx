import type { ComponentProps } from 'react';
import { FieldFrame, fieldDescribedBy, type FieldFrameProps } from '@web/components/ui/field-frame.tsx';
import { cn } from '@web/lib/cn.ts';

const fieldClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500';

/** A labelled native select with its hint and error wired up for screen readers. */
export function SelectField({ id, label, error, hint, className, children, ...props }: FieldFrameProps & ComponentProps<'select'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={fieldDescribedBy(id, error, hint)} className={cn(fieldClass, 'h-10', className)} {...props}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** A labelled textarea with its hint and error wired up for screen readers. */
export function TextareaField({ id, label, error, hint, className, ...props }: FieldFrameProps & ComponentProps<'textarea'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={fieldDescribedBy(id, error, hint)} className={cn(fieldClass, 'min-h-24 py-2', className)} {...props} />
    </FieldFrame>
  );
}
