-- Issue 13 (teams): invitations to join a company. The token is sent once by email and kept only
-- as its SHA-256 hash; an invite is single-use and expires after 7 days (status stays 'pending'
-- past expires_at: "expired" is computed). One pending invite per company and address.
CREATE TABLE company_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email) AND length(email) <= 254),
  company_role text NOT NULL CHECK (company_role IN ('owner', 'admin', 'recruiter', 'interviewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
  expires_at timestamptz NOT NULL,
  sent_count integer NOT NULL DEFAULT 1,
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  accepted_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  responded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_invites_one_pending_idx ON company_invites (company_id, email) WHERE status = 'pending';
-- The hourly invite budget per company counts sends (new and resent) in the last hour.
CREATE INDEX company_invites_company_sent_idx ON company_invites (company_id, last_sent_at DESC);
