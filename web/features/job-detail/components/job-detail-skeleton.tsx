import { siteMessages as messages } from '@shared/messages/site.ts';

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 ${className}`} />;
}

/** The shape of the job page while it loads (spec point 2). */
export function JobDetailSkeleton() {
  return (
    <div role="status" aria-busy="true" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <span className="sr-only">{messages.jobDetail.loading}</span>
      <Bar className="h-8 w-2/3" />
      <Bar className="mt-3 h-5 w-1/3" />
      <div className="mt-5 flex gap-4">
        <Bar className="h-5 w-32" />
        <Bar className="h-5 w-28" />
      </div>
      <Bar className="mt-8 h-6 w-40" />
      <Bar className="mt-3 h-4 w-full" />
      <Bar className="mt-2 h-4 w-11/12" />
      <Bar className="mt-2 h-4 w-4/5" />
      <Bar className="mt-8 h-11 w-36" />
    </div>
  );
}
