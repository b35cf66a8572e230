import type { LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Card } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { cn } from '@web/lib/cn.ts';

/** "+12% from last month", "-5% from last month", "+0% from last month". */
export function trendText(percent: number): string {
  return fill(messages.dashboardOverview.trend, { sign: percent < 0 ? '-' : '+', n: String(Math.abs(percent)) });
}

export function StatCard({ label, value, trend, icon: Icon, testId }: { label: string; value: number; trend: number; icon: LucideIcon; testId: string }) {
  return (
    <Card className="p-6" data-testid={testId}>
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-medium text-slate-600">{label}</h3>
        <Icon className="size-5 text-slate-400" aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`${testId}-count`}>
        {value.toLocaleString('en-IN')}
      </p>
      <p className={cn('mt-1 text-xs', trend < 0 ? 'text-red-600' : 'text-emerald-700')}>{trendText(trend)}</p>
    </Card>
  );
}
