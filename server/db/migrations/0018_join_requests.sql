-- Issue 13 (teams): joining an existing company. An employer account with no company whose email
-- domain is a company's verified domain (company_verifications) may ask to join; the company's
-- owners and admins approve (choosing a role) or decline. One pending request per person.
CREATE TABLE company_join_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'cancelled')),
  company_role text CHECK (company_role IN ('owner', 'admin', 'recruiter', 'interviewer')),
  decided_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_join_requests_one_pending_idx ON company_join_requests (user_id) WHERE status = 'pending';
CREATE INDEX company_join_requests_company_idx ON company_join_requests (company_id, created_at DESC) WHERE status = 'pending';
