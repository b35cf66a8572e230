import type { PrivacyRequestKind, PrivacyRequestStatus } from '@shared/schemas/privacy.ts';
import { messages } from '@shared/messages.ts';
import { cn } from '@web/lib/cn.ts';

const tone: Record<PrivacyRequestStatus, string> = {
  open: 'bg-amber-50 text-amber-900 ring-amber-200',
  in_progress: 'bg-sky-50 text-sky-900 ring-sky-200',
  resolved: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  completed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-800 ring-slate-300',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/** A request's status as a small badge, worded for people. */
export function RequestStatus({ kind, status }: { kind: PrivacyRequestKind; status: PrivacyRequestStatus }) {
  // An erasure waiting out its 30 days is scheduled rather than open.
  const label = kind === 'erasure' && status === 'open' ? messages.privacy.scheduledStatus : messages.privacy.requestStatuses[status];
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tone[status])}>{label}</span>;
}

/** When a closed request was closed: a grievance is answered, an erasure done or cancelled. */
export function closedLabel(kind: PrivacyRequestKind, closedAt: string, format: (iso: string) => string): string {
  return (kind === 'grievance' || kind === 'correction' ? messages.privacy.answeredOn : messages.privacy.closedOn).replace('{date}', format(closedAt));
}
