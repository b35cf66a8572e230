import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { formatRupees, plans, type Plan } from '../lib/pricing-plans.ts';
import { rememberPlan } from '../lib/remember-plan.ts';
import { SectionHeading } from './section-heading.tsx';

const text = messages.landing;

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}`;
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm',
        plan.popular ? 'border-brand-600 shadow-lg ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">{text.pricingPopular}</p>
      ) : null}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{plan.summary}</p>
      <p className="mt-6 flex items-baseline gap-1" data-testid={`price-${plan.id}`}>
        <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.monthlyPrice === null ? text.pricingCustom : formatRupees(plan.monthlyPrice)}</span>
        {plan.monthlyPrice === null ? null : <span className="text-sm font-medium text-slate-600">{text.pricingPerMonth}</span>}
      </p>
      <ul className="mt-8 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <Button asChild variant={plan.popular ? 'primary' : 'outline'} size="lg" className="mt-8 w-full">
        <Link to={plan.to} onClick={() => rememberPlan(plan.id === 'enterprise' ? null : plan.id)}>
          {text.getStarted}
          <span className="sr-only"> {fill(text.getStartedPlan, { plan: plan.name })}</span>
        </Link>
      </Button>
    </li>
  );
}

/** The plans of spec point 9, and the 14-day free trial. */
export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <SectionHeading id="pricing-heading" eyebrow="Pricing" title={text.pricingHeading}>
        Prices per month, in Indian rupees. Every plan starts with a 14-day free trial, and no credit card is needed to begin.
      </SectionHeading>
      <ul className="mt-14 grid gap-8 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center justify-between gap-4 rounded-2xl border border-brand-600/20 bg-brand-50 px-6 py-6 text-center sm:flex-row sm:text-left">
        <div>
          <p className="font-semibold text-slate-900">Not sure which plan fits?</p>
          <p className="text-sm text-slate-600">{text.trialNote} Try WorkCred with your next opening and decide afterwards.</p>
        </div>
        <Button asChild>
          <Link to="/auth?trial=true">
            {text.trialLink}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
