import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn.ts';

/** Long-form text (guides, legal pages): spacing, lists and links styled without a typography plugin. */
export function Prose({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        'text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4',
        '[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&>*+*]:mt-3',
        '[&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_strong]:text-slate-900',
        '[&_table]:w-full [&_table]:text-sm [&_td]:border-t [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900',
        className,
      )}
    >
      {children}
    </div>
  );
}
