-- Every SMS code sent for MFA, kept apart from the factors and challenges so the resend spacing
-- (60 s) and hourly caps per phone number and per user (ASVS 6.6.3) survive a factor being
-- removed and enrolled again. The number is stored as a keyed hash, never in clear.
CREATE TABLE mfa_sms_sends (
  id bigserial PRIMARY KEY,
  phone_hash text NOT NULL,
  user_id text REFERENCES auth_users ("id") ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_sms_sends_phone_idx ON mfa_sms_sends (phone_hash, created_at DESC);
CREATE INDEX mfa_sms_sends_user_idx ON mfa_sms_sends (user_id, created_at DESC);
