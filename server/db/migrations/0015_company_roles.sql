-- Issue 13 (teams), first step: what an employer may do inside their company. The platform role
-- (admin, employer, candidate) stays in user_profiles.role; company_role is set exactly when the
-- person belongs to a company. Every existing member becomes an owner: until now a company was
-- one person, who could do everything.
ALTER TABLE user_profiles ADD COLUMN company_role text CHECK (company_role IN ('owner', 'admin', 'recruiter', 'interviewer'));
UPDATE user_profiles SET company_role = 'owner' WHERE company_id IS NOT NULL;
ALTER TABLE user_profiles ADD CONSTRAINT user_profiles_company_role_with_company CHECK ((company_id IS NULL) = (company_role IS NULL));
CREATE INDEX user_profiles_company_role_idx ON user_profiles (company_id, company_role) WHERE company_id IS NOT NULL;
