-- Platform tables that are ours, not the spec's: the durable message outbox, MFA factors and
-- challenges, and per-account sign-in failure counters.

-- Written in the same transaction as the change that causes a message, delivered afterwards:
-- a crash between commit and send leaves a pending row that the dispatcher picks up on restart.
CREATE TABLE outbox_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text,
  body_text text NOT NULL,
  body_html text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_messages_pending_idx ON outbox_messages (next_attempt_at) WHERE status = 'pending';

CREATE TABLE mfa_factors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES auth_users ("id") ON DELETE CASCADE,
  factor_type text NOT NULL CHECK (factor_type IN ('totp', 'phone')),
  friendly_name text,
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
  -- TOTP secret, encrypted with a key derived from AUTH_SECRET.
  secret_encrypted text,
  phone text,
  -- Last accepted TOTP time step, so a code works once.
  last_totp_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((factor_type = 'totp' AND secret_encrypted IS NOT NULL) OR (factor_type = 'phone' AND phone IS NOT NULL))
);
CREATE INDEX mfa_factors_user_idx ON mfa_factors (user_id);

CREATE TABLE mfa_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  factor_id uuid NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
  -- A challenge belongs to the session that asked for it and works for no other.
  session_id text NOT NULL REFERENCES auth_sessions ("id") ON DELETE CASCADE,
  code_hash text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_challenges_factor_idx ON mfa_challenges (factor_id, created_at DESC);

CREATE TABLE auth_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
