-- Issue 34 §4: documents brought from DigiLocker (OAuth 2.0 authorization code with PKCE).
--
-- One row per "Bring documents from DigiLocker": the state we sent (hashed: it travels in
-- addresses and logs) and the PKCE verifier, bound to the candidate's session, usable once within
-- ten minutes. used_at is set by the callback that consumes it; rows are kept a day for support,
-- then removed by the next start.
CREATE TABLE digilocker_authorizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  session_id text NOT NULL,
  state_hash text NOT NULL UNIQUE,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX digilocker_authorizations_candidate_idx ON digilocker_authorizations (candidate_id, created_at DESC);
CREATE INDEX digilocker_authorizations_expiry_idx ON digilocker_authorizations (expires_at);

-- A document the candidate chose to bring: its PDF in storage (file_path), what DigiLocker says of
-- it, and the education facts read from its certificate XML. The XML itself is not kept, nor the
-- access token that fetched it.
CREATE TABLE issued_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('digilocker', 'development')),
  issuer text NOT NULL,
  issuer_id text NOT NULL,
  doctype text NOT NULL,
  name text NOT NULL,
  uri text NOT NULL,
  file_path text NOT NULL UNIQUE,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  issued_on date,
  fetched_at timestamptz NOT NULL,
  course text,
  institution text,
  passing_year integer,
  -- The name the certificate is issued to (else the DigiLocker account's) against the candidate's
  -- (matchPersonName): strong or weak counts the document as verified; none does not (someone
  -- else's DigiLocker). Null: no name to compare. The name itself is not kept.
  name_match text CHECK (name_match IN ('strong', 'weak', 'none')),
  -- Bringing the same document twice (a double click, a retry) keeps one row.
  CONSTRAINT issued_documents_one_per_uri UNIQUE (candidate_id, uri)
);
