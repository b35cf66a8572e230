import { Check } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatPaise, withGst } from '@shared/gst.ts';
import { CHECKS_ADD_ON_MONTHLY_PAISE, monthlyPaiseOf, PLANS, selfServePlans, takesChecksAddOn, type SelfServePlanId } from '@shared/plans.ts';
import type { BillingOverview } from '@shared/schemas/billing.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useChangePlan, useStartCheckout } from '../api/billing.ts';
import { ConfirmChangeDialog } from './confirm-change-dialog.tsx';

/** What a plan allows, from the limits the server enforces. */
function limitLines(id: SelfServePlanId): string[] {
  const plan = PLANS[id];
  return [
    fill(text.listingsLine, { limit: plan.limits.listings ?? '' }),
    fill(text.applicationsLine, { limit: plan.limits.applicationsPerListing ?? '' }),
    plan.checksAreAddOn ? text.checksAddOnLine : text.checksIncludedLine,
    id === 'professional' ? text.prioritySupport : text.emailSupport,
  ];
}

/** Whether a paid plan is running at the provider (then plans are switched, not bought). */
export function runsPaidPlan(billing: BillingOverview): boolean {
  return (billing.status === 'active' || billing.status === 'past_due') && !billing.cancel_at_period_end && billing.standing !== 'lapsed';
}

/** The plans to choose from: buy one (checkout), or switch a running plan now or at renewal. */
export function PlanChoices({ billing }: { billing: BillingOverview }) {
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const change = useChangePlan();
  const running = runsPaidPlan(billing);
  const busy = checkout.isPending || change.isPending;
  // Starter's background-check add-on, chosen with the plan when buying it.
  const [withChecks, setWithChecks] = useState(false);
  // The change waiting for its confirmation (price and date from the server).
  const [confirming, setConfirming] = useState<{ plan: SelfServePlanId; when: 'buy' | 'now' | 'cycle_end' } | null>(null);

  async function choose(plan: SelfServePlanId) {
    try {
      const started = await checkout.mutateAsync({ plan, checks_add_on: takesChecksAddOn(plan) && withChecks });
      // Our test-mode page is in the app; Razorpay's payment page is its own site.
      if (started.pay_url.startsWith('/')) await navigate(started.pay_url);
      else window.location.assign(started.pay_url);
    } catch (error) {
      toast.error(errorMessage(error, text.loadFailed));
    }
  }
  async function switchTo(plan: SelfServePlanId, when: 'now' | 'cycle_end') {
    try {
      await change.mutateAsync({ plan, when });
      toast.success(fill(when === 'now' ? text.switched : text.scheduled, { plan: PLANS[plan].name }));
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error, text.loadFailed));
    }
  }

  // Offered with the plan when it is bought; a running Starter plan adds it from its own card.
  const offersAddOn = (id: SelfServePlanId) => billing.can_manage && !running && takesChecksAddOn(id);

  return (
    <section aria-labelledby="plans-heading" className="flex flex-col gap-3">
      <h3 id="plans-heading" className="text-lg font-semibold text-slate-900">
        {text.plans}
      </h3>
      <div className="grid gap-4 md:grid-cols-3">
        {selfServePlans.map((id) => {
          const plan = PLANS[id];
          const current = running && billing.plan === id;
          return (
            <div key={id} className={`flex flex-col gap-3 rounded-xl border bg-white p-5 shadow-sm ${current ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'}`}>
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="text-base font-semibold text-slate-900">{plan.name}</h4>
                {current ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">{text.currentBadge}</span> : null}
                {!current && billing.chosen_plan === id ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{text.recommended}</span> : null}
              </div>
              <p>
                <span className="text-2xl font-bold text-slate-900">{formatPaise(plan.monthlyPaise!).replace(/\.00$/, '')}</span>
                <span className="text-sm text-slate-600">{text.perMonth}</span>
              </p>
              <p className="text-xs text-slate-600">{fill(text.plusGst, { total: formatPaise(withGst(monthlyPaiseOf(id, offersAddOn(id) && withChecks))) })}</p>
              <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
                {limitLines(id).map((line) => (
                  <li key={line} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                    {line}
                  </li>
                ))}
              </ul>
              {offersAddOn(id) ? (
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-700" checked={withChecks} onChange={(event) => setWithChecks(event.target.checked)} />
                  {fill(text.addOnChoose, { price: formatPaise(CHECKS_ADD_ON_MONTHLY_PAISE).replace(/\.00$/, '') })}
                </label>
              ) : null}
              {billing.can_manage && !current ? (
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  {running ? (
                    <>
                      <Button size="sm" disabled={busy} onClick={() => setConfirming({ plan: id, when: 'now' })}>
                        {text.switchNow}
                      </Button>
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming({ plan: id, when: 'cycle_end' })}>
                        {text.switchAtEnd}
                      </Button>
                    </>
                  ) : (
                    <Button size="sm" disabled={busy || !billing.has_billing_profile} onClick={() => setConfirming({ plan: id, when: 'buy' })}>
                      {fill(text.choosePlan, { plan: plan.name })}
                    </Button>
                  )}
                </div>
              ) : null}
            </div>
          );
        })}
        {confirming ? (
          <ConfirmChangeDialog
            open
            onOpenChange={(open) => (open ? null : setConfirming(null))}
            request={
              confirming.when === 'buy'
                ? { action: 'checkout', plan: confirming.plan, checks_add_on: takesChecksAddOn(confirming.plan) && withChecks }
                : { action: 'change_plan', plan: confirming.plan, when: confirming.when }
            }
            title={fill(confirming.when === 'buy' ? text.checkoutTitle : confirming.when === 'now' ? text.switchNowTitle : text.switchAtEndTitle, { plan: PLANS[confirming.plan].name })}
            confirmLabel={
              confirming.when === 'buy'
                ? checkout.isPending
                  ? text.starting
                  : text.checkoutConfirm
                : change.isPending
                  ? text.switching
                  : fill(text.switchConfirm, { plan: PLANS[confirming.plan].name })
            }
            pending={busy}
            onConfirm={() => void (confirming.when === 'buy' ? choose(confirming.plan) : switchTo(confirming.plan, confirming.when))}
          />
        ) : null}
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h4 className="text-base font-semibold text-slate-900">{PLANS.enterprise.name}</h4>
          <p className="text-sm text-slate-700">{text.enterpriseText}</p>
          <Button asChild size="sm" variant="outline" className="mt-auto self-start">
            <Link to="/contact?plan=enterprise">{text.enterpriseContact}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
