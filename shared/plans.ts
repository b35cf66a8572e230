/**
 * The plans WorkCred sells (spec point 9, issue 15) and what each allows: read by the pricing
 * section, the Billing screen and the server, which enforces the limits. Money is integer paise.
 */
export const planIds = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];
/** Plans a company buys by itself; Enterprise is agreed with sales and set by a platform admin. */
export const selfServePlans = ['starter', 'professional'] as const;
export type SelfServePlanId = (typeof selfServePlans)[number];

export interface PlanLimits {
  /** Job listings open at once (published, not deleted, not expired); null: no limit. */
  listings: number | null;
  /** Applications one listing takes; null: no limit. */
  applicationsPerListing: number | null;
  /** Background checks a month when the add-on is bought (Starter) or included; null: no limit. */
  checksPerMonth: number | null;
}

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** Price a month before GST, in paise; null: agreed with sales. */
  monthlyPaise: number | null;
  limits: PlanLimits;
  /** Whether background checks need the add-on (Starter) rather than coming with the plan. */
  checksAreAddOn: boolean;
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  starter: { id: 'starter', name: 'Starter', monthlyPaise: 9_999_00, limits: { listings: 10, applicationsPerListing: 150, checksPerMonth: 150 }, checksAreAddOn: true },
  professional: { id: 'professional', name: 'Professional', monthlyPaise: 12_499_00, limits: { listings: 15, applicationsPerListing: 300, checksPerMonth: null }, checksAreAddOn: false },
  enterprise: { id: 'enterprise', name: 'Enterprise', monthlyPaise: null, limits: { listings: null, applicationsPerListing: null, checksPerMonth: null }, checksAreAddOn: false },
};

/**
 * The background-check add-on to Starter: up to PLANS.starter.limits.checksPerMonth checks a month
 * for this much more a month before GST. The spec gives no price; kept here once, read by the
 * pricing section, Billing and the server.
 */
export const CHECKS_ADD_ON_MONTHLY_PAISE = 2_499_00;

/** Whether a plan can take the add-on (Professional includes checks; Enterprise is agreed with sales). */
export function takesChecksAddOn(plan: PlanId): boolean {
  return PLANS[plan].checksAreAddOn;
}

/** A self-serve plan's price a month before GST, with the add-on when it is bought. */
export function monthlyPaiseOf(plan: SelfServePlanId, checksAddOn: boolean): number {
  return PLANS[plan].monthlyPaise! + (checksAddOn && takesChecksAddOn(plan) ? CHECKS_ADD_ON_MONTHLY_PAISE : 0);
}

/** Every new company tries Professional (the migration's default plan) for 14 days, with no card. */
export const TRIAL_DAYS = 14;
/** The dashboard's trial banner shows from the trial's tenth day: four days or fewer left. */
export const TRIAL_BANNER_DAYS_LEFT = 4;
/** After a trial or plan lapses, its public jobs still take applications for this long. */
export const GRACE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a company's subscription row says; dates as the database holds them. */
export interface SubscriptionState {
  plan: PlanId;
  status: 'trialing' | 'active' | 'past_due' | 'halted' | 'cancelled';
  trialEndsAt: Date;
  /**
   * End of the paid period (a cancelled plan runs to it). While trialing it is null, or, once a
   * paid plan is booked to start when the trial ends, that start (the trial's end).
   */
  periodEndsAt: Date | null;
  /** When a halted plan stopped (payment retries exhausted). */
  haltedAt: Date | null;
  /** Limits an admin set for this company (Enterprise); each null falls back to the plan's. */
  custom: Partial<PlanLimits> | null;
  /** Starter: whether the background-check add-on is bought. */
  checksAddOn: boolean;
  /** Cancelled by the owner: runs to periodEndsAt, then lapses (whether or not the provider's event has come). */
  cancelAtPeriodEnd?: boolean;
}

export interface Entitlement {
  plan: PlanId;
  /** trial and active: everything works; lapsed: read-only (the trial ended unpaid or the plan stopped). */
  standing: 'trial' | 'active' | 'lapsed';
  /** When it lapsed, or null. */
  lapsedAt: Date | null;
  /** Whether its public jobs still take applications (lapsed less than GRACE_DAYS ago counts). */
  takesApplications: boolean;
  limits: PlanLimits;
  /** Whole days of trial left (rounded up), while trialing. */
  trialDaysLeft: number | null;
}

/**
 * What a company may do now. A trial runs to trialEndsAt; a paid plan while it is active or
 * retrying a failed payment (past_due); a cancelled plan to the end of the period paid for; a
 * halted plan (retries exhausted) lapses at once. Lapsed: read access to everything, nothing new,
 * and its public jobs stop taking applications GRACE_DAYS later.
 */
export function entitlementOf(state: SubscriptionState, now: Date): Entitlement {
  const lapsedAt = lapseOf(state, now);
  // A trial whose paid plan is booked runs on past its end, as the paid plan, until the first
  // charge's event says how it went (a failed charge makes it past_due, then halted).
  const standing = lapsedAt ? 'lapsed' : state.status === 'trialing' && now < state.trialEndsAt ? 'trial' : 'active';
  const base = PLANS[state.plan].limits;
  const custom = state.custom ?? {};
  const checks = state.plan === 'starter' && !state.checksAddOn ? 0 : base.checksPerMonth;
  return {
    plan: state.plan,
    standing,
    lapsedAt,
    takesApplications: !lapsedAt || now.getTime() < lapsedAt.getTime() + GRACE_DAYS * DAY_MS,
    limits: {
      listings: custom.listings ?? base.listings,
      applicationsPerListing: custom.applicationsPerListing ?? base.applicationsPerListing,
      checksPerMonth: custom.checksPerMonth ?? checks,
    },
    trialDaysLeft: standing === 'trial' ? Math.max(0, Math.ceil((state.trialEndsAt.getTime() - now.getTime()) / DAY_MS)) : null,
  };
}

function lapseOf(state: SubscriptionState, now: Date): Date | null {
  switch (state.status) {
    case 'trialing':
      return now >= state.trialEndsAt && !state.periodEndsAt ? state.trialEndsAt : null;
    case 'halted':
      return state.haltedAt ?? state.periodEndsAt ?? now;
    case 'cancelled':
      return state.periodEndsAt && now < state.periodEndsAt ? null : (state.periodEndsAt ?? now);
    default:
      return state.cancelAtPeriodEnd && state.periodEndsAt && now >= state.periodEndsAt ? state.periodEndsAt : null;
  }
}

/** Whether the trial banner shows: trialing with TRIAL_BANNER_DAYS_LEFT days or fewer left. */
export function showsTrialBanner(entitlement: Pick<Entitlement, 'standing' | 'trialDaysLeft'>): boolean {
  return entitlement.standing === 'trial' && entitlement.trialDaysLeft !== null && entitlement.trialDaysLeft <= TRIAL_BANNER_DAYS_LEFT;
}
