import { useState } from 'react';
import { useNavigate } from 'react-router';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate } from '@shared/gst.ts';
import { PLANS } from '@shared/plans.ts';
import type { BillingOverview } from '@shared/schemas/billing.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useCancelPlan, useResumePlan } from '../api/billing.ts';
import { ConfirmChangeDialog } from './confirm-change-dialog.tsx';
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
    <>
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        {text.cancelPlan}
      </Button>
      {open ? (
        <ConfirmChangeDialog
          open
          onOpenChange={setOpen}
          request={{ action: 'cancel' }}
          title={text.cancelTitle}
          confirmLabel={text.cancelConfirm}
          cancelLabel={text.keepPlan}
          destructive
          pending={cancel.isPending}
          onConfirm={() => void confirm()}
        >
          <p className="mt-2 text-sm text-slate-700">{fill(text.cancelText, { date })}</p>
        </ConfirmChangeDialog>
      ) : null}
    </>
  );
}

/**
 * Resume, while a cancelled plan's paid period lasts: the server books the plan again from that
 * period's end (Razorpay cannot reactivate a cancelled subscription), so the owner confirms the
 * payment method on the next page and nothing is charged until then.
 */
export function ResumePlanButton({ billing }: { billing: BillingOverview }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const resume = useResumePlan();
  if (!billing.can_resume) return null;
  const plan = PLANS[billing.plan].name;
  async function confirm() {
    try {
      const started = await resume.mutateAsync(undefined);
      if (started.pay_url.startsWith('/')) await navigate(started.pay_url);
      else window.location.assign(started.pay_url);
    } catch (error) {
      toast.error(errorMessage(error, text.loadFailed));
    }
  }
  return (
    <>
      <Button size="sm" className="self-start" onClick={() => setOpen(true)}>
        {text.resume}
      </Button>
      {open ? (
        <ConfirmChangeDialog
          open
          onOpenChange={setOpen}
          request={{ action: 'resume' }}
          title={fill(text.resumeTitle, { plan })}
          confirmLabel={resume.isPending ? text.starting : text.resumeConfirm}
          pending={resume.isPending}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </>
  );
}
