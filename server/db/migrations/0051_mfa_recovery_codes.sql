-- Issue 33 A7: one-time recovery codes, so a person who loses the phone holding their second
-- factor can still sign in. Ten are issued when the first second factor is verified and again on
-- "Regenerate" (which replaces the whole set). Only a keyed hash of each code is kept; a code is
-- spent by setting used_at, in one UPDATE ... WHERE used_at IS NULL, so it works once even when
-- two requests present it at the same moment. Spent rows stay until the set is replaced, so a
-- second use can be told apart from a wrong code.
CREATE TABLE mfa_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES auth_users ("id") ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);
