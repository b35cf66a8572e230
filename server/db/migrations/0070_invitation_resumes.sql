-- Issue 36 §2, a walk-in's or a referral's resume attached by the recruiter (ADR 0030 addendum).
-- The file is the company's copy, held with the invitation until the person answers: confirming
-- with "keep" makes it their resume (a candidate_documents row pointing at the same file), any other
-- answer, a withdrawal or a lapsed link deletes it (through storage_intents, as every file).
ALTER TABLE candidate_invitations
  ADD COLUMN resume_key text UNIQUE,
  ADD COLUMN resume_name text CHECK (resume_name IS NULL OR length(resume_name) BETWEEN 1 AND 255),
  ADD COLUMN resume_bytes integer CHECK (resume_bytes IS NULL OR resume_bytes > 0),
  ADD COLUMN resume_attached_at timestamptz,
  ADD CONSTRAINT candidate_invitations_resume_whole CHECK ((resume_key IS NULL) = (resume_bytes IS NULL) AND (resume_key IS NULL) = (resume_attached_at IS NULL));
