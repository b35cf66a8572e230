-- Candidate registration (issue 5). The spec's original kept the candidate's form in memory; here
-- every step is saved, so a candidate who leaves resumes at the first unfinished step.

-- One row per candidate, created when the email is proven. candidate_code is the short ID shown to
-- the candidate and to employers: "WC-" and six Crockford base-32 characters (no I, L, O, U).
CREATE TABLE candidate_profiles (
  user_id text PRIMARY KEY REFERENCES user_profiles (id) ON DELETE CASCADE,
  candidate_code text NOT NULL UNIQUE CHECK (candidate_code ~ '^WC-[0-9A-HJKMNP-TV-Z]{6}$'),
  -- One UAN belongs to one candidate; a second claim is refused and recorded in uan_claims.
  uan text UNIQUE CHECK (uan IS NULL OR uan ~ '^[0-9]{12}$'),
  education text CHECK (education IS NULL OR length(btrim(education)) BETWEEN 1 AND 200),
  current_employer text CHECK (current_employer IS NULL OR length(btrim(current_employer)) BETWEEN 1 AND 200),
  notice_period_days integer CHECK (notice_period_days IS NULL OR notice_period_days BETWEEN 0 AND 365),
  experience_years numeric(4, 1) CHECK (experience_years IS NULL OR experience_years BETWEEN 0 AND 60),
  registration_completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A candidate who tried to claim a UAN another candidate already holds: kept for the
-- verification team to review (one row per claimant and UAN, however often they retry).
CREATE TABLE uan_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uan text NOT NULL CHECK (uan ~ '^[0-9]{12}$'),
  claimant_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  holder_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  attempts integer NOT NULL DEFAULT 1,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT uan_claims_one_per_claimant UNIQUE (uan, claimant_id)
);
CREATE INDEX uan_claims_open_idx ON uan_claims (created_at DESC) WHERE reviewed_at IS NULL;

-- Phone verification codes of the registration's verify-phone step: only a keyed hash of the
-- code is kept, with its expiry and the wrong tries so far. Send spacing and hourly caps per
-- number use mfa_sms_sends, shared with the MFA phone factor: one number, one budget.
CREATE TABLE phone_verification_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  phone text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_verification_codes_user_idx ON phone_verification_codes (user_id, created_at DESC);

-- Uploads write the file before the row. An intent row is committed before the file is written
-- and removed in the transaction that writes the document row, so after a crash every file
-- without a row is found here and deleted (and a replaced file is deleted after the commit).
CREATE TABLE storage_intents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  object_key text NOT NULL UNIQUE,
  action text NOT NULL CHECK (action IN ('upload', 'delete')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_intents_created_idx ON storage_intents (created_at);

-- Re-uploading a type replaces it: at most one current document per candidate and type.
DROP INDEX candidate_documents_candidate_idx;
CREATE UNIQUE INDEX candidate_documents_one_per_type ON candidate_documents (candidate_id, document_type);
-- The name the candidate's file had, shown back to them only (never part of a path).
ALTER TABLE candidate_documents ADD COLUMN original_name text CHECK (original_name IS NULL OR length(original_name) BETWEEN 1 AND 255);
