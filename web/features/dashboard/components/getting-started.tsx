import { useId, type ReactNode } from 'react';
import { CircleCheck, Circle, X } from 'lucide-react';
import { Link } from 'react-router';
import { gettingStartedMessages as text } from '@shared/messages/getting-started.ts';
import { can, type CompanyPermission } from '@shared/permissions.ts';
import type { Me } from '@shared/schemas/auth.ts';
import { gettingStartedSteps, type GettingStartedStep } from '@shared/schemas/getting-started.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { useGettingStarted } from '../api/get-getting-started.ts';
import { useDismissed } from '../hooks/use-dismissed.ts';

/** Where each step is done, and what a member needs to do it (the company step is the dialog). */
const STEP_TARGETS: Record<Exclude<GettingStartedStep, 'company'>, { to: string; permission: CompanyPermission }> = {
  first_job: { to: '/dashboard/jobs', permission: 'jobs.manage' },
  teammate: { to: '/dashboard/team', permission: 'team.manage' },
  billing_profile: { to: '/dashboard/settings/billing', permission: 'billing.manage' },
};

/**
 * The overview's getting-started list (issue 33, B2): company, first job, a teammate, the billing
 * profile, each ticked from the server's data and linking to where it is done. Shows the steps
 * the member's role can do; gone once all are done or the member hides it (in this browser).
 */
export function GettingStarted({ user, onCompleteProfile, fallback = null }: { user: Me['user']; onCompleteProfile: () => void; fallback?: ReactNode }) {
  const id = useId();
  const hasCompany = Boolean(user.company_id);
  const steps = useGettingStarted(user.role === 'employer');
  const [dismissed, dismiss] = useDismissed(`workcred.getting-started.hidden.${user.id}`);
  const shown = gettingStartedSteps.filter((step) => step === 'company' || !hasCompany || can(user.company_role, STEP_TARGETS[step].permission));
  const done = steps.data;
  const doneCount = done ? shown.filter((step) => done[step]).length : 0;
  // Without a company there must still be a way forward: `fallback` when the list is hidden or failed.
  if (dismissed || steps.isError) return hasCompany ? null : fallback;
  if (!done || doneCount === shown.length) return null;

  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={`${id}-title`} data-testid="getting-started">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {text.title}
          </h3>
          <p className="mt-1 text-sm text-slate-600" data-testid="getting-started-progress">
            {fill(text.progress, { done: doneCount, total: shown.length })}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          <X className="size-4" aria-hidden="true" />
          {text.dismiss}
        </Button>
      </div>
      <ol className="mt-4 divide-y divide-slate-100">
        {shown.map((step) => {
          const isDone = done[step];
          const copy = text.steps[step];
          return (
            <li key={step} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-step={step} data-done={isDone}>
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {isDone ? <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" /> : <Circle className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />}
                <div className="min-w-0">
                  <p className={isDone ? 'font-medium text-slate-500' : 'font-medium text-slate-900'}>
                    {copy.label}
                    <span className="sr-only">{` (${isDone ? text.done : text.notDone})`}</span>
                  </p>
                  <p className="text-sm text-slate-600">{step !== 'company' && !hasCompany ? text.afterCompany : copy.hint}</p>
                </div>
              </div>
              {isDone ? null : step === 'company' ? (
                <Button size="sm" className="self-start sm:self-auto" onClick={onCompleteProfile}>
                  {copy.action}
                </Button>
              ) : hasCompany ? (
                <Button asChild size="sm" variant="outline" className="self-start sm:self-auto">
                  <Link to={STEP_TARGETS[step].to}>{copy.action}</Link>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
