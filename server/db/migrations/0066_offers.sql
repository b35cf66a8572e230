-- Issue 36 §5: offers. One per application at a time, with its CTC a year in integer paise (the
-- total is the database's sum, never typed), approved by an owner or admin before it is sent, and
-- answered by the candidate. The letter sent is a verifiable letter (letters, kind 'offer').

-- Settings → Letters: who signs offer letters (the address comes from the billing profile).
ALTER TABLE companies
  ADD COLUMN letter_signatory_name text CHECK (letter_signatory_name IS NULL OR length(letter_signatory_name) <= 120),
  ADD COLUMN letter_signatory_designation text CHECK (letter_signatory_designation IS NULL OR length(letter_signatory_designation) <= 120);

CREATE TABLE offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  joining_date date NOT NULL,
  -- Open until this day (India's date); none: until the joining date.
  expires_on date CHECK (expires_on IS NULL OR expires_on <= joining_date),
  basic_paise bigint NOT NULL CHECK (basic_paise > 0),
  hra_paise bigint NOT NULL DEFAULT 0 CHECK (hra_paise >= 0),
  special_allowance_paise bigint NOT NULL DEFAULT 0 CHECK (special_allowance_paise >= 0),
  -- The employer's PF share is 12% of basic at most (EPF Act, section 6).
  employer_pf_paise bigint NOT NULL DEFAULT 0 CHECK (employer_pf_paise >= 0 AND employer_pf_paise * 100 <= basic_paise * 12),
  gratuity_paise bigint NOT NULL DEFAULT 0 CHECK (gratuity_paise >= 0),
  variable_pay_paise bigint NOT NULL DEFAULT 0 CHECK (variable_pay_paise >= 0),
  total_paise bigint GENERATED ALWAYS AS (basic_paise + hra_paise + special_allowance_paise + employer_pf_paise + gratuity_paise + variable_pay_paise) STORED,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'pending_approval', 'approved', 'sent', 'accepted', 'declined', 'withdrawn', 'expired')),
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  approved_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  approved_at timestamptz,
  sent_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  sent_at timestamptz,
  -- Accepted, declined, withdrawn or expired: when.
  responded_at timestamptz,
  decline_reason text CHECK (decline_reason IS NULL OR length(decline_reason) <= 500),
  withdrawn_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  withdraw_reason text CHECK (withdraw_reason IS NULL OR length(withdraw_reason) <= 500),
  -- The letter sent (stored PDF, verifiable at /verify/<code>).
  letter_id uuid REFERENCES letters (id) ON DELETE SET NULL,
  CHECK (status NOT IN ('approved', 'sent', 'accepted') OR approved_at IS NOT NULL),
  CHECK (status NOT IN ('sent', 'accepted') OR sent_at IS NOT NULL),
  CHECK (status <> 'withdrawn' OR withdraw_reason IS NOT NULL)
);
-- One live offer per application: a second waits until the first is declined, withdrawn or expired.
CREATE UNIQUE INDEX offers_one_live ON offers (application_id) WHERE status IN ('draft', 'pending_approval', 'approved', 'sent', 'accepted');
CREATE INDEX offers_application_idx ON offers (application_id, created_at DESC);
CREATE INDEX offers_company_idx ON offers (company_id, status);
