-- The public API's writes (issue 16). A POST with an Idempotency-Key is remembered for 24 hours:
-- a retry with the same key gets the first answer again, the same key with a different request is
-- refused. The row is claimed before the work and completed with the answer after it.
CREATE TABLE api_idempotency_keys (
  key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  -- SHA-256 of the method, path and canonical JSON body, hex.
  request_hash text NOT NULL,
  status_code integer,
  content_type text,
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (key_id, idempotency_key)
);
CREATE INDEX api_idempotency_keys_created ON api_idempotency_keys (created_at);

-- GET /api/v1/applications?updated_since=: a company's applications in the order they last changed.
CREATE INDEX job_applications_company_changed_idx ON job_applications (company_id, stage_changed_at, id);

-- The rate budget per key uses the shared rate-limit store (server/http/rate-limit-store.ts).
DROP TABLE api_rate_windows;
