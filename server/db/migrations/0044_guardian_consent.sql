-- Issue 18: a parent's or guardian's verifiable consent for a person under 18, recorded by a
-- platform admin (the grievance officer's team) after checking who the parent is. 0040 kept when,
-- by whom and a note; the parent's name and relationship are kept apart from how it was verified.
ALTER TABLE candidate_profiles ADD COLUMN guardian_name text CHECK (guardian_name IS NULL OR length(btrim(guardian_name)) BETWEEN 1 AND 100);
ALTER TABLE candidate_profiles ADD COLUMN guardian_relationship text CHECK (guardian_relationship IS NULL OR length(btrim(guardian_relationship)) BETWEEN 1 AND 60);
ALTER TABLE candidate_profiles ADD CONSTRAINT candidate_profiles_guardian_complete
  CHECK ((guardian_consent_at IS NULL) = (guardian_name IS NULL) AND (guardian_name IS NULL) = (guardian_relationship IS NULL));
-- The admin list, newest first.
CREATE INDEX candidate_profiles_guardian_idx ON candidate_profiles (guardian_consent_at DESC) WHERE guardian_consent_at IS NOT NULL;
