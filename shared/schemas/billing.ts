import { z } from 'zod';
import { planIds, selfServePlans } from '../plans.ts';

const planId = z.enum(planIds);
const selfServePlan = z.enum(selfServePlans, 'Choose Starter or Professional.');

/** GET /api/billing/standing: what every member's dashboard needs for the trial and read-only banners. */
export const planStandingSchema = z.object({
  plan: planId,
  standing: z.enum(['trial', 'active', 'lapsed']),
  trial_days_left: z.number().nullable(),
  show_trial_banner: z.boolean(),
  /** Whether its public jobs still take applications (a lapsed company's, for the grace). */
  takes_applications: z.boolean(),
  /** Applications one listing takes under the plan (the job cards' "Application limit reached"); null: no limit. */
  applications_per_listing: z.number().nullable(),
});
export type PlanStanding = z.infer<typeof planStandingSchema>;

const limitsSchema = z.object({ listings: z.number().nullable(), applications_per_listing: z.number().nullable(), checks_per_month: z.number().nullable() });

export const paymentSchema = z.object({
  id: z.string(),
  paid_at: z.string(),
  plan: planId,
  amount_paise: z.number(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/billing: the Billing screen (owners manage; admins read). */
export const billingOverviewSchema = planStandingSchema.extend({
  status: z.enum(['trialing', 'active', 'past_due', 'halted', 'cancelled']),
  trial_ends_at: z.string(),
  period_ends_at: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  scheduled_plan: selfServePlan.nullable(),
  chosen_plan: selfServePlan.nullable(),
  checks_add_on: z.boolean(),
  limits: limitsSchema,
  usage: z.object({
    listings: z.number(),
    /** The listings nearest their applications limit, fullest first. */
    fullest: z.array(z.object({ job_id: z.string(), title: z.string(), applications: z.number() })),
    /** Background checks the company requested this month (IST). */
    checks_this_month: z.number(),
  }),
  /** The next charge with GST, when a paid plan renews. */
  next_charge: z.object({ at: z.string(), taxable_paise: z.number(), total_paise: z.number(), plan: planId }).nullable(),
  /** A paid plan booked to start when the trial or the cancelled period ends (its mandate is set up; first charge then). */
  booked: z.object({ plan: selfServePlan, checks_add_on: z.boolean(), starts_at: z.string(), total_paise: z.number() }).nullable(),
  /** A cancelled plan whose paid period has not ended: Resume books it again from that end. */
  can_resume: z.boolean(),
  /** Whether the caller may change the plan or pay (owners); admins read. */
  can_manage: z.boolean(),
  /** Whether Settings → Billing profile is filled in (invoices need it). */
  has_billing_profile: z.boolean(),
  /** The development provider: payments are simulated, nothing is charged. */
  test_mode: z.boolean(),
  payments: z.array(paymentSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** POST /api/billing/checkout: start paying for a plan. */
export const checkoutBodySchema = z.strictObject({ plan: selfServePlan, checks_add_on: z.boolean('checks_add_on must be true or false').default(false) });
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
export type CheckoutRequest = z.output<typeof checkoutBodySchema>;

export const checkoutResultSchema = z.object({
  checkout_id: z.string(),
  provider: z.enum(['razorpay', 'development']),
  /** Where the browser goes to pay: Razorpay's hosted page, or our test-mode page. */
  pay_url: z.string(),
  amount_paise: z.number(),
  /** When the paid period and its first charge begin: the trial's or the cancelled period's end; null: now. */
  starts_at: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** POST /api/billing/change-plan: switch a paid plan now (prorated) or at the end of the period. */
export const changePlanBodySchema = z.strictObject({ plan: selfServePlan, when: z.enum(['now', 'cycle_end']) });
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

/** PUT /api/billing/checks-add-on: add the background-check add-on to a running Starter plan, or remove it. */
export const checksAddOnBodySchema = z.strictObject({ enabled: z.boolean('enabled must be true or false') });
export type ChecksAddOnBody = z.infer<typeof checksAddOnBodySchema>;

/** POST /api/billing/preview: what a change would cost and when it takes effect, before the owner confirms it. */
export const previewActions = ['checkout', 'change_plan', 'checks_add_on', 'cancel', 'resume'] as const;
export const planChangePreviewBodySchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('checkout'), plan: selfServePlan, checks_add_on: z.boolean('checks_add_on must be true or false').default(false) }),
    z.strictObject({ action: z.literal('change_plan'), plan: selfServePlan, when: z.enum(['now', 'cycle_end'], 'when must be now or cycle_end') }),
    z.strictObject({ action: z.literal('checks_add_on'), enabled: z.boolean('enabled must be true or false') }),
    z.strictObject({ action: z.literal('cancel') }),
    z.strictObject({ action: z.literal('resume') }),
  ],
  'action must be checkout, change_plan, checks_add_on, cancel or resume',
);
export type PlanChangePreviewBody = z.input<typeof planChangePreviewBodySchema>;
export type PlanChangePreviewRequest = z.output<typeof planChangePreviewBodySchema>;

export const planChangePreviewSchema = z.object({
  action: z.enum(previewActions),
  /** The plan after the change. */
  plan: planId,
  checks_add_on: z.boolean(),
  /** When the change takes effect. */
  effective_at: z.string(),
  /** The monthly charge after the change, with GST, in paise; null: nothing more is charged (cancel). */
  monthly_total_paise: z.number().nullable(),
  /** When that charge is first made. */
  first_charge_at: z.string().nullable(),
  /** The add-on's own monthly price with GST (add-on changes). */
  add_on_total_paise: z.number().nullable(),
  /** A change from now: the provider settles the rest of the current period pro rata. */
  prorated: z.boolean(),
  /** Checkout during the trial: the trial runs until then. */
  trial_ends_at: z.string().nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const checkoutIdParamsSchema = z.strictObject({ checkoutId: z.uuid('checkoutId must be a checkout id') });
export const invoiceIdParamsSchema = z.strictObject({ invoiceId: z.uuid('invoiceId must be an invoice id') });

/** GET /api/billing/checkouts/:checkoutId: the test-mode payment page's facts. */
export const devCheckoutSchema = z.object({
  id: z.string(),
  plan: selfServePlan,
  checks_add_on: z.boolean(),
  amount_paise: z.number(),
  status: z.enum(['created', 'completed', 'abandoned']),
  /** The first charge's date when what the company has now (its trial, or a cancelled plan) runs until then; null: charged now. */
  starts_at: z.string().nullable(),
  continues: z.enum(['trial', 'plan']).nullable(),
});
export type DevCheckout = z.infer<typeof devCheckoutSchema>;

// --- Platform admins: each company's plan and usage ----------------------------------------

/** GET /api/admin/companies: search by name, a page at a time. */
export const adminCompaniesQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search at most 100 characters.').optional(),
  page: z.coerce.number('page must be a number').int().min(1).max(10_000).default(1),
});
export const adminCompanyPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: planId,
  status: z.enum(['trialing', 'active', 'past_due', 'halted', 'cancelled']),
  standing: z.enum(['trial', 'active', 'lapsed']),
  trial_ends_at: z.string(),
  period_ends_at: z.string().nullable(),
  listings: z.number(),
  limits: limitsSchema,
  custom_monthly_paise: z.number().nullable(),
});
export type AdminCompanyPlan = z.infer<typeof adminCompanyPlanSchema>;
export const adminCompaniesPageSchema = z.object({ companies: z.array(adminCompanyPlanSchema), page: z.number(), page_size: z.number(), has_more: z.boolean() });
export type AdminCompaniesPage = z.infer<typeof adminCompaniesPageSchema>;
export const adminCompanyParamsSchema = z.strictObject({ companyId: z.uuid('companyId must be a company id') });

/** POST /api/admin/companies/:companyId/extend-trial */
export const extendTrialBodySchema = z.strictObject({ days: z.number('Give the days as a number.').int('Give whole days.').min(1, 'Extend by 1 to 60 days.').max(60, 'Extend by 1 to 60 days.') });

const optionalLimit = (max: number, min = 1) => z.number().int('Give a whole number.').min(min, `At least ${min}.`).max(max, `At most ${max.toLocaleString('en-IN')}.`).nullable();
/** PUT /api/admin/companies/:companyId/enterprise: Enterprise with its own limits (null: no limit) and agreed price. */
export const enterprisePlanBodySchema = z.strictObject({
  listings: optionalLimit(100_000),
  applications_per_listing: optionalLimit(10_000_000),
  checks_per_month: optionalLimit(10_000_000, 0),
  monthly_paise: z.number().int('Money is whole paise.').min(1, 'The price must be more than zero.').max(1_00_00_00_000_00, 'That price is too large.').nullable(),
});
export type EnterprisePlanBody = z.infer<typeof enterprisePlanBodySchema>;
