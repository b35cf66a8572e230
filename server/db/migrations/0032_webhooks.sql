-- Signed webhooks of the public API (issue 16). A company's owners and admins register endpoints
-- for events; each event is recorded as a delivery per endpoint in the same transaction as the
-- change (nothing acknowledged is lost), and a dispatcher on any instance sends it, signed the
-- Standard Webhooks way, retrying on a fixed schedule.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) BETWEEN 8 AND 2000),
  description text CHECK (description IS NULL OR length(description) <= 200),
  events text[] NOT NULL CHECK (cardinality(events) >= 1),
  -- whsec_ + base64 of 32 random bytes: kept (not hashed) because every delivery is signed with it.
  secret text NOT NULL,
  -- After a rotation the old secret signs too, for 24 hours, so receivers can switch over.
  previous_secret text,
  previous_secret_expires_at timestamptz,
  disabled_at timestamptz,
  disabled_reason text,
  -- The first failure of the current run of failures; five days of them disable the endpoint.
  failing_since timestamptz,
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_company ON webhook_endpoints (company_id, created_at DESC);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- The webhook-id header: the same for every attempt and redelivery of this message.
  message_id text NOT NULL,
  event_type text NOT NULL,
  -- The exact body sent (and signed), fixed when the event happened.
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
