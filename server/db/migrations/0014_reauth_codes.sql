-- Issue 12, defect 2: candidates register with an email code and have no password, yet changing
-- second factors asked for "your password again". Such accounts re-authenticate with a code
-- emailed to them, bound to the session that asked for it (ASVS 6.6.2), stored as a keyed hash,
-- single-use, expiring after 10 minutes, and dead after 5 wrong tries.
CREATE TABLE reauth_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  session_id text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reauth_codes_user_idx ON reauth_codes (user_id, created_at DESC);
