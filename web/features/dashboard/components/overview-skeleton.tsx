import { Card } from '@web/components/ui/card.tsx';

/** What the overview looks like while it loads: three cards and the activity list. */
export function OverviewSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading dashboard" data-testid="overview-skeleton">
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="space-y-3 p-6">
            <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
            <div className="h-8 w-16 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-32 animate-pulse rounded bg-slate-100" />
          </Card>
        ))}
      </div>
      <Card className="h-[480px] animate-pulse bg-slate-50" />
    </div>
  );
}
