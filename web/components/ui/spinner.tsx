import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-brand-600', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a whole screen that is still finding out what to show. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
