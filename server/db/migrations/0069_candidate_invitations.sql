-- Issue 36 §2, adding a candidate by hand (a referral, a walk-in) or from a CSV file (ADR 0030).
-- A company never puts a person into its pipeline on its own word: it records what it was told and
-- WorkCred asks the person, by email, to confirm or decline. Only the confirmation makes the
-- application. Whether the address already has a WorkCred account is never shown to the company.
-- The link's token is kept only as its SHA-256 (like slot offers, calendar feeds and API keys).
CREATE TABLE candidate_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  job_id uuid NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254 AND email = lower(email)),
  full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 120),
  phone text CHECK (phone IS NULL OR length(phone) BETWEEN 4 AND 20),
  source text NOT NULL CHECK (source IN ('referral', 'walk_in', 'added')),
  referrer_name text CHECK (referrer_name IS NULL OR length(referrer_name) BETWEEN 1 AND 120),
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'declined', 'withdrawn')),
  application_id uuid REFERENCES job_applications (id) ON DELETE SET NULL,
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  answered_at timestamptz
);
-- One open invitation per address and job: a second add or a repeated CSV row is refused.
CREATE UNIQUE INDEX candidate_invitations_one_pending ON candidate_invitations (job_id, email) WHERE status = 'pending';
CREATE INDEX candidate_invitations_job_idx ON candidate_invitations (job_id, created_at DESC);

-- The application a confirmed invitation makes records where it came from.
ALTER TABLE job_applications DROP CONSTRAINT job_applications_source_check;
ALTER TABLE job_applications ADD CONSTRAINT job_applications_source_check CHECK (source IN ('direct', 'link', 'qr', 'drive', 'referral', 'walk_in', 'added'));
