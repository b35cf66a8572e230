-- The public API (issue 16): keys a company's owners and admins create in Settings → Developers.
-- Only a hash of the secret is kept; the prefix (wc_live_ and the secret's first characters) is
-- what lists show. A key acts for its company with its scopes only.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  prefix text NOT NULL,
  -- SHA-256 of the whole key, hex: the secret has 256 bits of randomness, so a fast hash is enough.
  secret_hash text NOT NULL UNIQUE CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1),
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text REFERENCES user_profiles (id) ON DELETE SET NULL
);
CREATE INDEX api_keys_company ON api_keys (company_id, created_at DESC);

-- Requests per key per window, shared by every instance (one budget however many serve the API).
CREATE TABLE api_rate_windows (
  key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 1,
  PRIMARY KEY (key_id, window_start)
);
