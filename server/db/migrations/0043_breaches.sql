-- Issue 18: the breach register. An incident is recorded with when it was discovered (the Board
-- must be told within 72 hours), the people affected, the notice sent to them through the outbox,
-- and when it was reported to the Data Protection Board.
CREATE TABLE breach_incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 5000),
  discovered_at timestamptz NOT NULL,
  reported_at timestamptz,
  notice text CHECK (notice IS NULL OR length(btrim(notice)) BETWEEN 1 AND 5000),
  notified_at timestamptz,
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX breach_incidents_recent_idx ON breach_incidents (discovered_at DESC);

CREATE TABLE breach_affected (
  incident_id uuid NOT NULL REFERENCES breach_incidents (id) ON DELETE CASCADE,
  person_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  notified_at timestamptz,
  PRIMARY KEY (incident_id, person_id)
);
