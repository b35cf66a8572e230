-- Issue 17: every download of a candidate's document by someone else (an employer's member or
-- the platform's verification team) is logged, and the candidate sees the log. The row keeps the
-- company the reader acted for, so the log still says who read it after the member leaves.
CREATE TABLE document_downloads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  document_id uuid REFERENCES candidate_documents (id) ON DELETE SET NULL,
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  document_type text NOT NULL,
  reader_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  -- Null when a platform admin read it (the verification team).
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  ip_address text,
  downloaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_downloads_candidate_idx ON document_downloads (candidate_id, downloaded_at DESC);
CREATE INDEX document_downloads_company_idx ON document_downloads (company_id, downloaded_at DESC);

-- The company's documents list reads the candidates who applied to it, newest document first.
CREATE INDEX candidate_documents_recent_idx ON candidate_documents (created_at DESC, id DESC);
