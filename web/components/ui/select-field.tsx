import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { cn } from '@web/lib/cn.ts';

const fieldClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500';

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function described(id: string, error: string | undefined, hint: ReactNode) {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

function Frame({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
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

/** A labelled native select with its hint and error wired up for screen readers. */
export function SelectField({ id, label, error, hint, className, children, ...props }: FieldProps & ComponentProps<'select'>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={described(id, error, hint)} className={cn(fieldClass, 'h-10', className)} {...props}>
        {children}
      </select>
    </Frame>
  );
}

/** A labelled textarea with its hint and error wired up for screen readers. */
export function TextareaField({ id, label, error, hint, className, ...props }: FieldProps & ComponentProps<'textarea'>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={described(id, error, hint)} className={cn(fieldClass, 'min-h-24 py-2', className)} {...props} />
    </Frame>
  );
}
