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
  }),
  /** The next charge with GST, when a paid plan renews. */
  next_charge: z.object({ at: z.string(), taxable_paise: z.number(), total_paise: z.number(), plan: planId }).nullable(),
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
export const checkoutBodySchema = z.strictObject({
  plan: selfServePlan,
  checks_add_on: z.boolean().optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const checkoutResultSchema = z.object({
  checkout_id: z.string(),
  provider: z.enum(['razorpay', 'development']),
  /** Where the browser goes to pay: Razorpay's hosted page, or our test-mode page. */
  pay_url: z.string(),
  amount_paise: z.number(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** POST /api/billing/change-plan: switch a paid plan now (prorated) or at the end of the period. */
export const changePlanBodySchema = z.strictObject({ plan: selfServePlan, when: z.enum(['now', 'cycle_end']) });
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

export const checkoutIdParamsSchema = z.strictObject({ checkoutId: z.uuid('checkoutId must be a checkout id') });
export const invoiceIdParamsSchema = z.strictObject({ invoiceId: z.uuid('invoiceId must be an invoice id') });

/** GET /api/billing/checkouts/:checkoutId: the test-mode payment page's facts. */
export const devCheckoutSchema = z.object({ id: z.string(), plan: selfServePlan, checks_add_on: z.boolean(), amount_paise: z.number(), status: z.enum(['created', 'completed', 'abandoned']) });
export type DevCheckout = z.infer<typeof devCheckoutSchema>;
