-- Issue 36 §4, self-scheduling: the recruiter offers a few times, the candidate picks one from the
-- link in their email or WhatsApp, and the interview is made then, with the clash check run again.
-- The link's token is kept only as its SHA-256 (like calendar feeds and API keys). One open offer
-- per application, so a candidate never holds two sets of times for the same interview.
CREATE TABLE interview_slot_offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 15 AND 480),
  mode text NOT NULL CHECK (mode IN ('video', 'phone', 'in_person')),
  location text NOT NULL CHECK (length(location) BETWEEN 1 AND 500),
  interviewer_ids text[] NOT NULL CHECK (cardinality(interviewer_ids) BETWEEN 1 AND 10),
  slots timestamptz[] NOT NULL CHECK (cardinality(slots) BETWEEN 1 AND 10),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'booked', 'withdrawn')),
  interview_id uuid REFERENCES interviews (id) ON DELETE SET NULL,
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last slot's start: after it nothing can be picked.
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE UNIQUE INDEX interview_slot_offers_one_open ON interview_slot_offers (application_id) WHERE status = 'open';
CREATE INDEX interview_slot_offers_application_idx ON interview_slot_offers (application_id, created_at DESC);
