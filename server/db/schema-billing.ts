import type { ColumnType, Generated } from 'kysely';
import type { PlanId, SelfServePlanId } from '../../shared/plans.ts';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Billing tables (migration 0028), merged into DB. */

/** bigint columns arrive as strings (server/db/database.ts); the services turn them into numbers. */
type Paise = ColumnType<string, number | bigint | string, number | bigint | string>;
export type PaymentProviderId = 'razorpay' | 'development';
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'halted' | 'cancelled';

export interface CompanySubscriptionsTable {
  company_id: string;
  plan: Generated<PlanId>;
  status: Generated<SubscriptionStatus>;
  trial_ends_at: Timestamp;
  period_ends_at: NullableTimestamp;
  halted_at: NullableTimestamp;
  cancel_at_period_end: Generated<boolean>;
  checks_add_on: Generated<boolean>;
  custom_listings: number | null;
  custom_applications: number | null;
  custom_checks: number | null;
  custom_monthly_paise: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  chosen_plan: SelfServePlanId | null;
  provider: PaymentProviderId | null;
  provider_subscription_id: string | null;
  scheduled_plan: SelfServePlanId | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BillingCheckoutsTable {
  id: Generated<string>;
  company_id: string;
  plan: SelfServePlanId;
  checks_add_on: Generated<boolean>;
  provider: PaymentProviderId;
  provider_subscription_id: string;
  status: Generated<'created' | 'completed' | 'abandoned'>;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface BillingEventsTable {
  provider: PaymentProviderId;
  event_id: string;
  type: string;
  company_id: string | null;
  received_at: Generated<Date>;
  /** Migration 0049: X-Razorpay-Event-Id (not signed, so not the key), the subscription, the event's time and what became of it. */
  delivery_id: string | null;
  provider_subscription_id: string | null;
  occurred_at: NullableTimestamp;
  outcome: 'applied' | 'ignored' | 'stale' | null;
}

export interface BillingPaymentsTable {
  id: Generated<string>;
  company_id: string;
  provider: PaymentProviderId;
  provider_payment_id: string;
  plan: PlanId;
  checks_add_on: Generated<boolean>;
  amount_paise: Paise;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  paid_at: Timestamp;
}

export interface InvoiceCountersTable {
  financial_year: string;
  last_number: number;
}

export interface InvoicePartyJson {
  legal_name: string;
  gstin: string | null;
  address: string;
  state: string;
  state_code: string;
}

export interface BillingInvoicesTable {
  id: Generated<string>;
  company_id: string;
  payment_id: string;
  number: string;
  financial_year: string;
  sequence: number;
  issued_at: Timestamp;
  description: string;
  sac: string;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  total_paise: Paise;
  place_of_supply_code: string;
  recipient: ColumnType<InvoicePartyJson, string, string>;
  supplier: ColumnType<InvoicePartyJson, string, string>;
  file_key: string | null;
}

declare module './schema.ts' {
  interface DB {
    company_subscriptions: CompanySubscriptionsTable;
    billing_checkouts: BillingCheckoutsTable;
    billing_events: BillingEventsTable;
    billing_payments: BillingPaymentsTable;
    invoice_counters: InvoiceCountersTable;
    billing_invoices: BillingInvoicesTable;
  }
}
