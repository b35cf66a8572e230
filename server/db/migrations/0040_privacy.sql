-- Issue 18: candidates' data rights under the DPDP Act 2023 (first part): the age declaration
-- and the privacy notice accepted at registration, the notice version of every later consent,
-- requests to the grievance officer (grievances now; correction and erasure use the same queue),
-- and a nominee who may act for the person.

-- Registration: "I am 18 or older" and the privacy notice, each with when it was given. A person
-- under 18 registers only once a platform admin records a parent's verifiable consent.
ALTER TABLE candidate_profiles ADD COLUMN adult_declared_at timestamptz;
ALTER TABLE candidate_profiles ADD COLUMN notice_version text CHECK (notice_version IS NULL OR length(notice_version) BETWEEN 1 AND 40);
ALTER TABLE candidate_profiles ADD COLUMN notice_accepted_at timestamptz;
ALTER TABLE candidate_profiles ADD COLUMN guardian_consent_at timestamptz;
ALTER TABLE candidate_profiles ADD COLUMN guardian_consent_by text REFERENCES user_profiles (id) ON DELETE SET NULL;
ALTER TABLE candidate_profiles ADD COLUMN guardian_consent_note text CHECK (guardian_consent_note IS NULL OR length(btrim(guardian_consent_note)) BETWEEN 1 AND 500);

-- The privacy notice in force when each consent was given (null: given before versions were kept).
ALTER TABLE job_applications ADD COLUMN notice_version text;
ALTER TABLE verification_consents ADD COLUMN notice_version text;
ALTER TABLE record_shares ADD COLUMN notice_version text;

-- Requests a person makes of the Data Fiduciary, answered by the platform's admins (the
-- grievance officer's team), each with a reference (GR-2026-000001) and a due date.
CREATE SEQUENCE privacy_request_number;
CREATE TABLE privacy_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference text NOT NULL UNIQUE CHECK (reference ~ '^(GR|CR|ER)-[0-9]{4}-[0-9]{6,}$'),
  kind text NOT NULL CHECK (kind IN ('grievance', 'correction', 'erasure')),
  -- Null once the person's account is gone: the request and its answer stay as the record of processing.
  person_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'rejected', 'cancelled', 'completed')),
  topic text NOT NULL CHECK (length(btrim(topic)) BETWEEN 1 AND 60),
  details text NOT NULL CHECK (length(btrim(details)) BETWEEN 1 AND 5000),
  -- A correction of what an employer confirmed goes to that employer.
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  response text CHECK (response IS NULL OR length(btrim(response)) BETWEEN 1 AND 5000),
  handled_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  due_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((closed_at IS NULL) = (status IN ('open', 'in_progress')))
);
CREATE INDEX privacy_requests_person_idx ON privacy_requests (person_id, created_at DESC);
CREATE INDEX privacy_requests_open_idx ON privacy_requests (due_at) WHERE status IN ('open', 'in_progress');
CREATE INDEX privacy_requests_recent_idx ON privacy_requests (created_at DESC, id DESC);

-- The person who may exercise the rights on the person's behalf (death or incapacity).
CREATE TABLE privacy_nominees (
  person_id text PRIMARY KEY REFERENCES user_profiles (id) ON DELETE CASCADE,
  full_name text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 1 AND 100),
  relationship text NOT NULL CHECK (length(btrim(relationship)) BETWEEN 1 AND 60),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone text CHECK (phone IS NULL OR phone ~ '^\+[1-9][0-9]{7,14}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
