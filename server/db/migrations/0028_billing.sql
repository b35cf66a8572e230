-- Issue 15: plans, the 14-day trial, payments and GST tax invoices. Money is integer paise.

-- One subscription per company. Every company starts a 14-day trial of Professional when it is
-- created (the trigger below, whichever path creates it); companies that exist already start
-- theirs now. What the company may do follows from this row and the clock (shared/plans.ts).
CREATE TABLE company_subscriptions (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  plan text NOT NULL DEFAULT 'professional' CHECK (plan IN ('starter', 'professional', 'enterprise')),
  status text NOT NULL DEFAULT 'trialing' CHECK (status IN ('trialing', 'active', 'past_due', 'halted', 'cancelled')),
  trial_ends_at timestamptz NOT NULL,
  -- The end of the period paid for; a cancelled plan runs to it.
  period_ends_at timestamptz,
  halted_at timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  checks_add_on boolean NOT NULL DEFAULT false,
  -- Limits a platform admin set for this company (Enterprise); null: the plan's own.
  custom_listings integer CHECK (custom_listings IS NULL OR custom_listings BETWEEN 1 AND 100000),
  custom_applications integer CHECK (custom_applications IS NULL OR custom_applications BETWEEN 1 AND 10000000),
  custom_checks integer CHECK (custom_checks IS NULL OR custom_checks BETWEEN 0 AND 10000000),
  -- Enterprise: the agreed price a month before GST.
  custom_monthly_paise bigint CHECK (custom_monthly_paise IS NULL OR custom_monthly_paise > 0),
  -- The plan chosen on the pricing section before signing up, offered first on Billing.
  chosen_plan text CHECK (chosen_plan IS NULL OR chosen_plan IN ('starter', 'professional')),
  provider text CHECK (provider IS NULL OR provider IN ('razorpay', 'development')),
  provider_subscription_id text UNIQUE,
  -- A plan change to apply when the current period ends (Change plan "at cycle end").
  scheduled_plan text CHECK (scheduled_plan IS NULL OR scheduled_plan IN ('starter', 'professional')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO company_subscriptions (company_id, trial_ends_at) SELECT id, now() + interval '14 days' FROM companies;

CREATE FUNCTION workcred_start_trial() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_subscriptions (company_id, trial_ends_at) VALUES (NEW.id, NEW.created_at + interval '14 days')
    ON CONFLICT (company_id) DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER companies_start_trial AFTER INSERT ON companies FOR EACH ROW EXECUTE FUNCTION workcred_start_trial();

-- Checkouts started from Billing: which plan the company asked for, until the provider confirms it.
CREATE TABLE billing_checkouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('starter', 'professional')),
  checks_add_on boolean NOT NULL DEFAULT false,
  provider text NOT NULL CHECK (provider IN ('razorpay', 'development')),
  provider_subscription_id text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'completed', 'abandoned')),
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_checkouts_company ON billing_checkouts (company_id, created_at DESC);

-- Each provider event is applied once: its id is kept, and a replay finds it here.
CREATE TABLE billing_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Charges that succeeded; each has its tax invoice.
CREATE TABLE billing_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
  provider text NOT NULL,
  provider_payment_id text NOT NULL,
  plan text NOT NULL CHECK (plan IN ('starter', 'professional', 'enterprise')),
  checks_add_on boolean NOT NULL DEFAULT false,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  period_start timestamptz,
  period_end timestamptz,
  paid_at timestamptz NOT NULL,
  UNIQUE (provider, provider_payment_id)
);
CREATE INDEX billing_payments_company ON billing_payments (company_id, paid_at DESC);

-- Invoice numbers run consecutively within a financial year (April to March), with no gaps:
-- the counter row is taken and raised in the invoice's own transaction.
CREATE TABLE invoice_counters (
  financial_year text PRIMARY KEY CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  last_number integer NOT NULL CHECK (last_number >= 0)
);

CREATE TABLE billing_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
  payment_id uuid NOT NULL UNIQUE REFERENCES billing_payments (id) ON DELETE RESTRICT,
  number text NOT NULL UNIQUE CHECK (length(number) <= 16),
  financial_year text NOT NULL,
  sequence integer NOT NULL CHECK (sequence > 0),
  issued_at timestamptz NOT NULL,
  description text NOT NULL,
  sac text NOT NULL,
  taxable_paise bigint NOT NULL CHECK (taxable_paise >= 0),
  cgst_paise bigint NOT NULL CHECK (cgst_paise >= 0),
  sgst_paise bigint NOT NULL CHECK (sgst_paise >= 0),
  igst_paise bigint NOT NULL CHECK (igst_paise >= 0),
  total_paise bigint NOT NULL CHECK (total_paise = taxable_paise + cgst_paise + sgst_paise + igst_paise),
  place_of_supply_code text NOT NULL,
  -- Who it was made out to and by whom, as they were on the day: a later change of address does
  -- not rewrite an issued invoice.
  recipient jsonb NOT NULL,
  supplier jsonb NOT NULL,
  file_key text,
  UNIQUE (financial_year, sequence)
);
CREATE INDEX billing_invoices_company ON billing_invoices (company_id, issued_at DESC);
