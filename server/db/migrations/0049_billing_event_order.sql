-- Issue 33 (A3): a payment event is known by its signed body, not by X-Razorpay-Event-Id, which
-- is not signed: the same body sent again under a new id (or none) found no row and was applied
-- again. event_id now holds the key taken from the body (event, subscription, payment, time);
-- the header's id is kept beside it for support. Rows from before keep their old ids.
ALTER TABLE billing_events
  ADD COLUMN delivery_id text,
  ADD COLUMN provider_subscription_id text,
  -- The event's own time (Razorpay's created_at), which orders the events of one subscription.
  ADD COLUMN occurred_at timestamptz,
  ADD COLUMN outcome text CHECK (outcome IS NULL OR outcome IN ('applied', 'ignored', 'stale'));

-- The latest event applied to a subscription: an older one arriving later is stale.
CREATE INDEX billing_events_subscription_order ON billing_events (provider, provider_subscription_id, occurred_at DESC) WHERE outcome = 'applied';
