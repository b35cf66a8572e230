import { BadgeCheck, Clock, SearchCheck, XCircle } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { VerificationStatusName } from '@shared/schemas/verification.ts';
import { cn } from '@web/lib/cn.ts';

const text = messages.verification;

const looks: Record<VerificationStatusName, { className: string; Icon: typeof Clock }> = {
  pending: { className: 'bg-slate-100 text-slate-700', Icon: Clock },
  in_review: { className: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200', Icon: SearchCheck },
  verified: { className: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200', Icon: BadgeCheck },
  rejected: { className: 'bg-red-50 text-red-700 ring-1 ring-red-200', Icon: XCircle },
};

/** Pending, In review, Verified or Rejected, with an icon so colour is not the only cue. */
export function CheckStatusBadge({ status, className }: { status: VerificationStatusName; className?: string }) {
  const { className: look, Icon } = looks[status];
  return (
    <span data-testid="check-status" className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', look, className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      {text.statuses[status]}
    </span>
  );
}
