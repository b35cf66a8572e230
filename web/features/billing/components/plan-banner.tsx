import { AlertTriangle, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { can, type CompanyRole } from '@shared/permissions.ts';
import { fill } from '@web/lib/fill.ts';
import { usePlanStanding } from '../api/billing.ts';

/**
 * Above every dashboard screen of a company: the trial's last days ("Trial: N days left", from day
 * 10) and, once the plan has lapsed, that the company is read-only, each with a link to Billing
 * for those who may see it.
 */
export function PlanBanner({ companyRole }: { companyRole: CompanyRole | null }) {
  const standing = usePlanStanding(Boolean(companyRole)).data;
  if (!standing) return null;
  const billingLink = can(companyRole, 'billing.view');
  if (standing.standing === 'lapsed') {
    return (
      <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900 sm:px-6">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        <span className="font-medium">{text.lapsedBanner}</span>
        {billingLink ? (
          <Link to="/dashboard/billing" className="font-semibold underline underline-offset-2">
            {text.lapsedBannerAction}
          </Link>
        ) : null}
      </div>
    );
  }
  if (!standing.show_trial_banner || standing.trial_days_left === null) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:px-6">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-medium">{standing.trial_days_left === 1 ? text.trialBannerOneDay : fill(text.trialBanner, { days: standing.trial_days_left })}</span>
      {billingLink ? (
        <Link to="/dashboard/billing" className="font-semibold underline underline-offset-2">
          {text.trialBannerAction}
        </Link>
      ) : null}
    </div>
  );
}
