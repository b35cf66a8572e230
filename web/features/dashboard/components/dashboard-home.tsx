import { useState } from 'react';
import { format } from 'date-fns';
import { Briefcase, CalendarCheck, FileText } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { roleLabel } from '@web/lib/role-label.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useOverview } from '../api/get-overview.ts';
import { useLiveOverview } from '../hooks/use-live-overview.ts';
import { CompleteProfileDialog } from './complete-profile-dialog.tsx';
import { GettingStarted } from './getting-started.tsx';
import { OverviewSkeleton } from './overview-skeleton.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { SetUpCompanyFirst } from './set-up-company-first.tsx';
import { StatCard } from './stat-card.tsx';

const text = messages.dashboardOverview;

/** /dashboard: the overview of spec point 2, and the "Complete Your Profile" dialog when there is no company. */
export function DashboardHome() {
  const user = useMe().data?.user;
  const hasCompany = Boolean(user?.company_id);
  // The overview needs an employer with a company (spec point 6): otherwise nothing is loaded.
  const allowed = user?.role === 'employer' && hasCompany;
  // Issue 33, B2: a new owner met "Unauthorized access." here; an employer without a company is shown the way forward.
  const needsCompany = user?.role === 'employer' && !hasCompany;
  const openDialog = () => setDialogOpen(true);
  const [dialogOpen, setDialogOpen] = useState(!hasCompany);
  const overview = useOverview(allowed);
  useLiveOverview(allowed ? (user?.company_id ?? null) : null);
  if (!user) return null;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.title}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {fill(messages.shell.welcome, { name: user.full_name })}
            <span className="mx-2 text-slate-300" aria-hidden="true">
              ·
            </span>
            <span className="font-medium text-slate-800" data-testid="user-role">
              {roleLabel(user.role)}
            </span>
            {user.company_name ? <span className="text-slate-500"> · {user.company_name}</span> : null}
          </p>
        </div>
        {allowed && overview.data ? (
          <p className="text-sm text-slate-500" data-testid="last-updated">
            {text.lastUpdated}: <time dateTime={new Date(overview.dataUpdatedAt).toISOString()}>{format(overview.dataUpdatedAt, 'h:mm:ss a')}</time>
          </p>
        ) : null}
      </div>

      {needsCompany ? (
        <GettingStarted user={user} onCompleteProfile={openDialog} fallback={<SetUpCompanyFirst onCompleteProfile={openDialog} />} />
      ) : !allowed ? (
        <Card className="p-6 text-sm text-slate-700" role="alert">
          <p>{text.unauthorized}</p>
          {!hasCompany ? (
            <Button variant="outline" className="mt-4" onClick={openDialog}>
              {text.completeProfileTitle}
            </Button>
          ) : null}
        </Card>
      ) : overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <Card className="p-6 text-sm text-slate-700" role="alert">
          <p>{errorMessage(overview.error, text.loadFailed)}</p>
          <Button variant="outline" className="mt-4" onClick={() => void overview.refetch()}>
            {text.retry}
          </Button>
        </Card>
      ) : (
        <>
          <GettingStarted user={user} onCompleteProfile={openDialog} />
          <div className="grid gap-4 md:grid-cols-3">
            <StatCard label={text.activeJobs} value={overview.data.active_jobs} trend={overview.data.trends.active_jobs} icon={Briefcase} testId="stat-active-jobs" />
            <StatCard label={text.applications} value={overview.data.applications} trend={overview.data.trends.applications} icon={FileText} testId="stat-applications" />
            <StatCard label={text.interviews} value={overview.data.interviews} trend={overview.data.trends.interviews} icon={CalendarCheck} testId="stat-interviews" />
          </div>
          <RecentActivity entries={overview.data.recent_activity} />
        </>
      )}

      {!hasCompany ? <CompleteProfileDialog open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
    </div>
  );
}
