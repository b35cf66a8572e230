import type { ComponentProps } from 'react';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { cn } from '@web/lib/cn.ts';

interface SelectFieldProps extends ComponentProps<'select'> {
  id: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error?: string;
}

/** A labelled native select (keyboard and screen-reader friendly on every device). */
export function SelectField({ id, label, placeholder, options, error, className, ...selectProps }: SelectFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
          'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500',
          className,
        )}
        {...selectProps}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
