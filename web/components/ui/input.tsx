import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
        'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none',
        'disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30',
        className,
      )}
      {...props}
    />
  );
}
