import { billingMessages as text } from '@shared/messages/billing.ts';
import { messages } from '@shared/messages.ts';
import type { BillingOverview } from '@shared/schemas/billing.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';

/** A labelled meter: used of limit, or just the count when there is no limit. */
function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const ratio = limit ? Math.min(1, used / limit) : 0;
  const full = limit !== null && used >= limit;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className={full ? 'font-semibold text-red-700' : 'text-slate-600'}>{limit === null ? fill(text.unlimited, { used }) : fill(text.ofLimit, { used, limit })}</span>
      </div>
      {limit !== null ? (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={fill(text.ofLimit, { used, limit })}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className={`h-full rounded-full ${full ? 'bg-red-600' : ratio > 0.8 ? 'bg-amber-500' : 'bg-brand-600'}`} style={{ width: `${Math.round(ratio * 100)}%` }} />
        </div>
      ) : null}
    </div>
  );
}

/** Usage against the plan: active listings, the fullest listings' applications, background checks. */
export function UsageCard({ billing }: { billing: BillingOverview }) {
  const { limits, usage } = billing;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.usage}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Meter label={text.listingsUsed} used={usage.listings} limit={limits.listings} />
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-slate-800">
            {text.fullestListings} <span className="font-normal text-slate-500">({text.applicationsPerListing})</span>
          </h3>
          {usage.fullest.length === 0 ? <p className="text-sm text-slate-600">{text.noListings}</p> : null}
          {usage.fullest.map((job) => (
            <Meter key={job.job_id} label={job.title} used={job.applications} limit={limits.applications_per_listing} />
          ))}
        </div>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-slate-800">{text.checksIncluded}</span>
          <span className="text-slate-600">{limits.checks_per_month === null ? text.checksUnlimited : limits.checks_per_month === 0 ? text.checksNone : fill(text.checksPerMonth, { limit: limits.checks_per_month })}</span>
        </div>
        {limits.checks_per_month !== 0 ? <Meter label={messages.checkRequests.usedThisMonth} used={usage.checks_this_month} limit={limits.checks_per_month} /> : null}
      </CardContent>
    </Card>
  );
}
