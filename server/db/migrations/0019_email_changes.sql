-- Issue 13 (Settings → Your account): a signed-in person changes their email address. The change
-- waits until a link sent to the NEW address is opened; the token is sent once and kept only as
-- its SHA-256 hash. A link works once and expires after 24 hours.
CREATE TABLE email_change_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  new_email text NOT NULL CHECK (new_email = lower(new_email) AND length(new_email) <= 254),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The pending change the tab shows, and the hourly budget per person.
CREATE INDEX email_change_requests_user_idx ON email_change_requests (user_id, created_at DESC);
