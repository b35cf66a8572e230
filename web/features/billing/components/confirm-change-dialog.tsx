import type { ReactNode } from 'react';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate, formatPaise } from '@shared/gst.ts';
import { PLANS } from '@shared/plans.ts';
import type { PlanChangePreview, PlanChangePreviewBody } from '@shared/schemas/billing.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { usePlanChangePreview } from '../api/billing.ts';

const day = (value: string | null) => (value ? formatIstDate(new Date(value)) : '');
const money = (paise: number | null) => (paise === null ? '' : formatPaise(paise));

/** The sentence stating a change's price (with GST) and when it takes effect, from the server's preview. */
export function previewText(preview: PlanChangePreview, when?: 'now' | 'cycle_end'): string {
  const values = { plan: PLANS[preview.plan].name, amount: money(preview.monthly_total_paise), date: day(preview.first_charge_at), trialEnd: day(preview.trial_ends_at) };
  switch (preview.action) {
    case 'checkout':
      return fill(preview.trial_ends_at ? text.checkoutTrialText : text.checkoutNowText, preview.trial_ends_at ? values : { ...values, date: day(preview.effective_at) });
    case 'resume':
      return fill(text.resumeText, values);
    case 'change_plan':
      return fill(when === 'now' ? text.switchNowText : text.switchAtEndText, when === 'now' ? values : { ...values, date: day(preview.effective_at) });
    case 'checks_add_on':
      return preview.checks_add_on ? fill(text.addOnAddText, { ...values, addOn: money(preview.add_on_total_paise) }) : fill(text.addOnRemovePrice, values);
    case 'cancel':
      return fill(text.cancelPrice, { date: day(preview.effective_at) });
  }
}

/**
 * Every plan change is confirmed here: the server prices and dates it (or refuses it, e.g. a
 * downgrade the open listings exceed) before the owner presses the confirm button.
 */
export function ConfirmChangeDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: PlanChangePreviewBody;
  title: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  destructive?: boolean;
  cancelLabel?: string;
  /** What the change means beyond its price (e.g. what stops after a cancellation). */
  children?: ReactNode;
}) {
  const preview = usePlanChangePreview(props.request, props.open);
  const when = props.request.action === 'change_plan' ? props.request.when : undefined;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogTitle>{props.title}</DialogTitle>
        {props.children}
        {preview.isPending ? (
          <div className="mt-3 flex items-center gap-2 text-sm text-slate-600">
            <Spinner label={text.previewLoading} />
          </div>
        ) : preview.isError ? (
          <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(preview.error, text.loadFailed)}
          </p>
        ) : (
          <DialogDescription className="mt-2" data-testid="change-price">
            {previewText(preview.data, when)}
          </DialogDescription>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            {props.cancelLabel ?? text.goBack}
          </Button>
          <Button variant={props.destructive ? 'destructive' : 'primary'} disabled={props.pending || !preview.isSuccess} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
