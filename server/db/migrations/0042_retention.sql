-- Issue 18: the retention schedule. A candidate inactive for the configured period (3 years by
-- default) is emailed 48 hours before erasure; signing in keeps the account. Registrations never
-- completed are erased after 90 days. Each day's run is recorded (one a day, whichever instance
-- claims the day first), and kept as the log of processing.
ALTER TABLE candidate_profiles ADD COLUMN last_seen_at timestamptz;
UPDATE candidate_profiles c
   SET last_seen_at = greatest(c.created_at, (SELECT max(s."createdAt") FROM auth_sessions s WHERE s."userId" = c.user_id));
ALTER TABLE candidate_profiles ALTER COLUMN last_seen_at SET DEFAULT now();
ALTER TABLE candidate_profiles ALTER COLUMN last_seen_at SET NOT NULL;
ALTER TABLE candidate_profiles ADD COLUMN retention_warned_at timestamptz;
CREATE INDEX candidate_profiles_last_seen_idx ON candidate_profiles (last_seen_at);
CREATE INDEX candidate_profiles_unsubmitted_idx ON candidate_profiles (created_at) WHERE registration_completed_at IS NULL;

CREATE TABLE retention_runs (
  -- The day in IST: one run a day across every instance.
  run_date date PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  warned integer NOT NULL DEFAULT 0,
  inactive_scheduled integer NOT NULL DEFAULT 0,
  unsubmitted_scheduled integer NOT NULL DEFAULT 0
);
