import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatPaise } from '@shared/gst.ts';
import { CHECKS_ADD_ON_MONTHLY_PAISE, PLANS, takesChecksAddOn } from '@shared/plans.ts';
import type { BillingOverview } from '@shared/schemas/billing.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useSetChecksAddOn } from '../api/billing.ts';
import { ConfirmChangeDialog } from './confirm-change-dialog.tsx';
import { runsPaidPlan } from './plan-choices.tsx';

const price = formatPaise(CHECKS_ADD_ON_MONTHLY_PAISE).replace(/\.00$/, '');
const limit = PLANS.starter.limits.checksPerMonth ?? '';

/**
 * The background-check add-on of a running Starter plan: added from now (the provider prorates
 * the rest of the period), or removed after saying what stops. Shown to everyone who reads
 * Billing; only the owner changes it.
 */
export function ChecksAddOnCard({ billing }: { billing: BillingOverview }) {
  const [confirming, setConfirming] = useState(false);
  const save = useSetChecksAddOn();
  if (!takesChecksAddOn(billing.plan) || !runsPaidPlan(billing)) return null;

  async function set(enabled: boolean) {
    try {
      await save.mutateAsync({ enabled });
      toast.success(enabled ? fill(text.addOnAdded, { limit }) : text.addOnRemoved);
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, text.loadFailed));
    }
  }

  return (
    <Card role="region" aria-labelledby="checks-add-on-heading">
      <CardHeader>
        <CardTitle id="checks-add-on-heading" className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
          {text.addOnTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{billing.checks_add_on ? fill(text.addOnActive, { limit, price }) : fill(text.addOnText, { limit, price })}</p>
        {billing.can_manage ? (
          <>
            <Button variant={billing.checks_add_on ? 'outline' : 'primary'} size="sm" className="self-start" onClick={() => setConfirming(true)}>
              {billing.checks_add_on ? text.addOnRemove : text.addOnAdd}
            </Button>
            {confirming ? (
              <ConfirmChangeDialog
                open
                onOpenChange={setConfirming}
                request={{ action: 'checks_add_on', enabled: !billing.checks_add_on }}
                title={billing.checks_add_on ? text.addOnRemoveTitle : text.addOnAddTitle}
                confirmLabel={save.isPending ? text.addOnSaving : billing.checks_add_on ? text.addOnRemoveConfirm : text.addOnAdd}
                cancelLabel={billing.checks_add_on ? text.addOnKeep : text.goBack}
                destructive={billing.checks_add_on}
                pending={save.isPending}
                onConfirm={() => void set(!billing.checks_add_on)}
              >
                {billing.checks_add_on ? <p className="mt-2 text-sm text-slate-700">{text.addOnRemoveText}</p> : null}
              </ConfirmChangeDialog>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
