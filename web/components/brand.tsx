import { Link } from 'react-router';
import { cn } from '@web/lib/cn.ts';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="7" className="fill-brand-700" />
      <path d="M8 10l3.2 12L16 13l4.8 9L24 10" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The WorkCred logo and name, linking home. */
export function Brand({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('inline-flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600', className)}>
      <BrandMark />
      <span className="text-xl font-bold tracking-tight text-slate-900">
        Work<span className="text-brand-700">Cred</span>
      </span>
    </Link>
  );
}
