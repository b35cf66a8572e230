import { Link } from 'react-router';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate, formatPaise } from '@shared/gst.ts';
import { PLANS } from '@shared/plans.ts';
import type { BillingOverview } from '@shared/schemas/billing.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { useBillingOverview } from '../api/billing.ts';
import { CancelPlanButton, ResumePlanButton } from './cancel-plan.tsx';
import { ChecksAddOnCard } from './checks-add-on.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { PlanChoices } from './plan-choices.tsx';
import { UsageCard } from './usage-card.tsx';

/** /dashboard/billing (issue 15): the plan, usage, plans to choose, payments and invoices. */
export function BillingPage() {
  usePageMeta(`${text.title} · WorkCred`, text.intro);
  const overview = useBillingOverview();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.title}</h2>
        <p className="mt-1 text-sm text-slate-600">{text.intro}</p>
      </div>
      {overview.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={text.title} />
        </div>
      ) : overview.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {text.loadFailed}
          <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <BillingContent billing={overview.data} />
      )}
    </div>
  );
}

function BillingContent({ billing }: { billing: BillingOverview }) {
  return (
    <>
      {billing.test_mode ? (
        <p className="rounded-md border border-violet-200 bg-violet-50 px-4 py-2 text-sm text-violet-900">
          <strong className="mr-2 rounded bg-violet-700 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">{text.testModeBadge}</strong>
          {text.testModeNote}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <CurrentPlan billing={billing} />
        <UsageCard billing={billing} />
      </div>
      {billing.can_manage ? null : <p className="text-sm text-slate-600">{text.readOnlyNote}</p>}
      {billing.can_manage && !billing.has_billing_profile ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {text.needsProfile}
          <Button asChild size="sm" variant="outline">
            <Link to="/dashboard/settings/billing">{text.addProfile}</Link>
          </Button>
        </div>
      ) : null}
      <ChecksAddOnCard billing={billing} />
      <PlanChoices billing={billing} />
      <PaymentsTable payments={billing.payments} />
    </>
  );
}

const STANDING_STYLE = {
  trial: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  lapsed: 'bg-red-100 text-red-900',
} as const;

function CurrentPlan({ billing }: { billing: BillingOverview }) {
  const plan = PLANS[billing.plan].name;
  const standing = billing.status === 'past_due' ? text.standingPastDue : { trial: text.standingTrial, active: text.standingActive, lapsed: text.standingLapsed }[billing.standing];
  const date = (value: string | null) => (value ? formatIstDate(new Date(value)) : '');
  const lines: string[] = [];
  if (billing.standing === 'trial') lines.push(fill(text.trialEnds, { plan, date: date(billing.trial_ends_at) }));
  if (billing.standing === 'lapsed' && billing.status === 'trialing') lines.push(fill(text.trialEndedOn, { date: date(billing.trial_ends_at) }));
  if (billing.status === 'halted') lines.push(text.halted);
  if (billing.status === 'past_due') lines.push(text.pastDue);
  if (billing.booked) lines.push(fill(text.bookedLine, { plan: PLANS[billing.booked.plan].name, date: date(billing.booked.starts_at), amount: formatPaise(billing.booked.total_paise) }));
  else if (billing.next_charge) lines.push(fill(text.renews, { date: date(billing.next_charge.at), amount: formatPaise(billing.next_charge.total_paise) }));
  if (billing.scheduled_plan) lines.push(fill(text.changesOn, { plan: PLANS[billing.scheduled_plan].name, date: date(billing.period_ends_at) }));
  if (billing.cancel_at_period_end && billing.standing !== 'lapsed') lines.push(fill(text.endsOn, { date: date(billing.period_ends_at) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.currentPlan}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-2xl font-bold text-slate-900">{plan}</span>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STANDING_STYLE[billing.standing]}`}>
            {billing.standing === 'trial' && billing.trial_days_left !== null ? `${standing} · ${billing.trial_days_left === 1 ? text.oneDayLeft : fill(text.daysLeft, { days: billing.trial_days_left })}` : standing}
          </span>
        </div>
        {lines.map((line) => (
          <p key={line} className="text-sm text-slate-700">
            {line}
          </p>
        ))}
        {billing.can_manage ? <CancelPlanButton billing={billing} /> : null}
        {billing.can_manage ? <ResumePlanButton billing={billing} /> : null}
      </CardContent>
    </Card>
  );
}
