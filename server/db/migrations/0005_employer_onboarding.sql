-- One-time codes of the employer onboarding wizard (spec point 2, "verification code"): a 6-digit
-- code emailed to the work email and checked on submit. Only a keyed hash is stored (ASVS 6.5.4);
-- a code expires after 10 minutes and dies after 5 wrong tries (6.6.3). The rows double as the send
-- log behind the resend spacing (60 s) and the hourly caps per user and per recipient.
CREATE TABLE employer_onboarding_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES auth_users ("id") ON DELETE CASCADE,
  work_email text NOT NULL CHECK (work_email = lower(work_email) AND length(work_email) BETWEEN 3 AND 254),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employer_onboarding_codes_user_idx ON employer_onboarding_codes (user_id, created_at DESC);
CREATE INDEX employer_onboarding_codes_email_idx ON employer_onboarding_codes (work_email, created_at DESC);
