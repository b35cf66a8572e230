import type { PrivacyRequestStatus } from '@shared/schemas/privacy.ts';
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
export function RequestStatus({ status }: { status: PrivacyRequestStatus }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tone[status])}>{messages.privacy.requestStatuses[status]}</span>;
}
