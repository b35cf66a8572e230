import { CalendarClock } from 'lucide-react';
import { interviewSlotsMessages as slotText } from '@shared/messages/interview-slots.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { toast } from '@web/lib/toast.ts';
import { useSlotOffers, useWithdrawSlotOffer } from '../api/slot-offers.ts';

/**
 * The times offered to the candidate that they have not picked from yet (issue 36 §4), on the
 * application's panel, with Withdraw. Shown to those who manage interviews (the server refuses
 * the rest); once the candidate picks, the interview shows in the list instead.
 */
export function PendingSlotOffer({ applicationId }: { applicationId: string }) {
  const canManage = useCan('interviews.manage');
  const offers = useSlotOffers(applicationId, canManage);
  const withdraw = useWithdrawSlotOffer();
  const open = offers.data?.find((offer) => offer.status === 'open');
  if (!canManage || !open) return null;
  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800" data-testid="pending-slot-offer">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <CalendarClock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {slotText.pendingTitle}
      </p>
      <p className="text-slate-600">{slotText.pendingDetail}</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {open.slots.map((slot) => (
          <li key={slot.starts_at}>{slot.label}</li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">{fill(slotText.pendingUntil, { until: open.expires_label })}</p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(open.id, {
            onSuccess: () => toast.success(slotText.withdrawn),
            onError: (error) => {
              const reason = errorMessage(error, '');
              toast.error(slotText.withdrawFailed, reason ? { description: reason } : undefined);
            },
          })
        }
      >
        {withdraw.isPending ? slotText.withdrawing : slotText.withdraw}
      </Button>
    </div>
  );
}
