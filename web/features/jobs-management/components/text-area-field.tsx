import type { ComponentProps } from 'react';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { cn } from '@web/lib/cn.ts';

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled multi-line field (job description, requirements, benefits), styled like Input. */
export function TextAreaField({ id, label, error, className, ...props }: TextAreaFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'block min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
          'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500',
          className,
        )}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
