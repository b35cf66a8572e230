import type { Kysely } from 'kysely';
import { withGst } from '../../../shared/gst.ts';
import { CHECKS_ADD_ON_MONTHLY_PAISE, monthlyPaiseOf } from '../../../shared/plans.ts';
import type { PlanChangePreview, PlanChangePreviewRequest } from '../../../shared/schemas/billing.ts';
import type { DB } from '../../db/schema.ts';
import { addOnGuard, cancelGuard, changeGuard, checkoutGuard, resumeGuard } from './subscribe.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What a plan change would cost and when it takes effect, worked out here so the browser never
 * invents a price: the confirmation dialog states it. It runs the same checks as the change itself,
 * so a change that would be refused (a downgrade the usage exceeds) is refused here first.
 */
export async function previewPlanChange(db: Kysely<DB>, companyId: string, body: PlanChangePreviewRequest, now: Date): Promise<PlanChangePreview> {
  const base = { action: body.action, add_on_total_paise: null, prorated: false, trial_ends_at: null };
  switch (body.action) {
    case 'checkout':
    case 'resume': {
      const request = body.action === 'resume' ? await resumeGuard(db, companyId, now) : body;
      const { row, startsAt } = await checkoutGuard(db, companyId, request, now);
      const at = (startsAt ?? now).toISOString();
      return {
        ...base,
        plan: request.plan,
        checks_add_on: request.checks_add_on,
        effective_at: at,
        monthly_total_paise: withGst(monthlyPaiseOf(request.plan, request.checks_add_on)),
        first_charge_at: at,
        trial_ends_at: startsAt && row.status === 'trialing' ? iso(row.trial_ends_at) : null,
      };
    }
    case 'change_plan': {
      const { row } = await changeGuard(db, companyId, body, now);
      const renewal = iso(row.period_ends_at);
      return {
        ...base,
        plan: body.plan,
        // A move goes without the Starter add-on (changePlan).
        checks_add_on: false,
        effective_at: body.when === 'now' ? now.toISOString() : (renewal ?? now.toISOString()),
        monthly_total_paise: withGst(monthlyPaiseOf(body.plan, false)),
        first_charge_at: renewal,
        prorated: body.when === 'now',
      };
    }
    case 'checks_add_on': {
      const { row } = await addOnGuard(db, companyId, body);
      return {
        ...base,
        plan: 'starter',
        checks_add_on: body.enabled,
        effective_at: now.toISOString(),
        monthly_total_paise: withGst(monthlyPaiseOf('starter', body.enabled)),
        first_charge_at: iso(row.period_ends_at),
        add_on_total_paise: withGst(CHECKS_ADD_ON_MONTHLY_PAISE),
        prorated: true,
      };
    }
    case 'cancel': {
      const { row } = await cancelGuard(db, companyId);
      return { ...base, plan: row.plan, checks_add_on: row.checks_add_on, effective_at: iso(row.period_ends_at) ?? now.toISOString(), monthly_total_paise: null, first_charge_at: null };
    }
  }
}
