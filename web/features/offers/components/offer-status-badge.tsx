import { offersMessages as text } from '@shared/messages/offers.ts';
import type { OfferStatus } from '@shared/schemas/offers.ts';

const tones: Record<OfferStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  pending_approval: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  sent: 'bg-indigo-100 text-indigo-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-rose-100 text-rose-900',
  withdrawn: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
};

/** Where an offer stands, in words (colour only repeats them). */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[status]}`}>{text.statuses[status]}</span>;
}
