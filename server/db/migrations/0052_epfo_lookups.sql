-- Issue 34: EPFO employment history behind the UAN check.
--
-- epfo_lookups is both the job queue and the result. A consent (or a refresh) inserts a row; any
-- instance claims due rows with FOR UPDATE SKIP LOCKED, moving next_attempt_at past a lease so a
-- crashed instance's claim comes due again; a provider that cannot answer moves it further
-- (backoff, or the provider's Retry-After). Nothing is lost across a restart or between instances.
--
-- result holds only what the check derived (the name match, each establishment with its months,
-- which claims it confirms, the flags with their evidence), never the provider's answer.
CREATE TABLE epfo_lookups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES verification_checks (id) ON DELETE CASCADE,
  -- The consent that allowed the call: a lookup whose consent is withdrawn is cancelled, not run.
  consent_id uuid NOT NULL REFERENCES verification_consents (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('surepass', 'hyperverge', 'development')),
  -- Who pays for the call: the company whose request asked for it, or WorkCred (null) when the
  -- candidate verifies on their own.
  billed_company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'retrying', 'decided', 'cancelled', 'gave_up')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text CHECK (last_error IS NULL OR length(last_error) <= 500),
  reference text CHECK (reference IS NULL OR length(reference) <= 200),
  result jsonb,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((state = 'decided') = (decided_at IS NOT NULL))
);
CREATE INDEX epfo_lookups_due ON epfo_lookups (next_attempt_at) WHERE state IN ('queued', 'retrying');
CREATE INDEX epfo_lookups_candidate ON epfo_lookups (candidate_id, requested_at DESC);
-- One open lookup per check: a double click or a second instance cannot queue two calls.
CREATE UNIQUE INDEX epfo_lookups_one_open ON epfo_lookups (check_id) WHERE state IN ('queued', 'retrying');

-- Every call to an outside verification source, for metering (per company, per plan) and for the
-- platform admins' view of each provider (calls a day, failures, answer time).
CREATE TABLE provider_calls (
  id bigserial PRIMARY KEY,
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  kind text NOT NULL CHECK (kind IN ('epfo_history', 'digilocker')),
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  outcome text NOT NULL CHECK (outcome IN ('answered', 'not_found', 'unavailable', 'rate_limited', 'refused', 'error')),
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  called_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_calls_day ON provider_calls (called_at, provider);
CREATE INDEX provider_calls_company ON provider_calls (company_id, called_at) WHERE company_id IS NOT NULL;
