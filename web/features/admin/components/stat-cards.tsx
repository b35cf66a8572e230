import { Briefcase, Building2, Users } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { useAdminStats, type AdminStats } from '../api/get-admin-stats.ts';

const cards = [
  { key: 'total_users', label: messages.adminPage.totalUsers, icon: Users },
  { key: 'companies', label: messages.adminPage.companies, icon: Building2 },
  { key: 'active_jobs', label: messages.adminPage.activeJobs, icon: Briefcase },
] as const satisfies readonly { key: keyof AdminStats; label: string; icon: unknown }[];

const numberFormat = new Intl.NumberFormat('en-IN');

/** The three platform figures of the admin page. */
export function StatCards() {
  const stats = useAdminStats();
  if (stats.isError) {
    return (
      <div role="alert" className="flex items-center justify-between gap-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {messages.adminPage.statsFailed}
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          {messages.adminPage.retry}
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-busy={stats.isPending}>
      {cards.map(({ key, label, icon: Icon }) => (
        <li key={key}>
          <Card className="flex items-center gap-4 p-6">
            <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm font-medium text-slate-500">{label}</p>
              {stats.data ? (
                <p className="text-3xl font-bold text-slate-900" data-testid={`stat-${key}`}>
                  {numberFormat.format(stats.data[key])}
                </p>
              ) : (
                <span className="mt-1 block h-8 w-16 animate-pulse rounded bg-slate-200" />
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
