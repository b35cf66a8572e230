import { useState } from 'react';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate } from '@shared/gst.ts';
import type { BillingOverview } from '@shared/schemas/billing.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useCancelPlan } from '../api/billing.ts';
import { runsPaidPlan } from './plan-choices.tsx';

/** Cancel, at the end of the period paid for, after saying what happens then. */
export function CancelPlanButton({ billing }: { billing: BillingOverview }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelPlan();
  if (!runsPaidPlan(billing)) return null;
  const date = billing.period_ends_at ? formatIstDate(new Date(billing.period_ends_at)) : '';
  async function confirm() {
    try {
      await cancel.mutateAsync(undefined);
      toast.success(fill(text.cancelled, { date }));
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error, text.loadFailed));
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        {text.cancelPlan}
      </Button>
      <DialogContent>
        <DialogTitle>{text.cancelTitle}</DialogTitle>
        <DialogDescription className="mt-2">{fill(text.cancelText, { date })}</DialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {text.keepPlan}
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => void confirm()}>
            {text.cancelConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
