-- Issue 18: a person's export of all their data (JSON plus their files, zipped), prepared in the
-- background by whichever instance claims it (FOR UPDATE SKIP LOCKED), stored through the storage
-- interface, offered for 7 days, then deleted.
CREATE TABLE data_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed', 'expired')),
  storage_key text UNIQUE,
  size_bytes bigint,
  attempts integer NOT NULL DEFAULT 0,
  -- While an instance builds it: others leave it alone until then (a crashed builder's claim lapses).
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz,
  downloaded_at timestamptz,
  CHECK ((status = 'ready') = (storage_key IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX data_exports_person_idx ON data_exports (person_id, created_at DESC);
CREATE INDEX data_exports_pending_idx ON data_exports (created_at) WHERE status = 'pending';
CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at) WHERE status = 'ready';
