-- Issue 12, defect 1: candidate search joins candidate_profiles, and applications could exist for
-- candidates without one (the demo seed inserted them), so search showed no one while the pipeline
-- counted them. Every applicant now has a profile: backfill the missing ones with fresh candidate
-- codes, then a foreign key makes an application without a profile impossible.
DO $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  missing record;
  code text;
BEGIN
  FOR missing IN
    SELECT DISTINCT ja.candidate_id FROM job_applications ja
    WHERE NOT EXISTS (SELECT 1 FROM candidate_profiles cp WHERE cp.user_id = ja.candidate_id)
  LOOP
    LOOP
      code := 'WC-' || (SELECT string_agg(substr(alphabet, 1 + floor(random() * 32)::int, 1), '') FROM generate_series(1, 6));
      BEGIN
        INSERT INTO candidate_profiles (user_id, candidate_code) VALUES (missing.candidate_id, code);
        EXIT;
      EXCEPTION WHEN unique_violation THEN
        -- A taken code: draw again.
      END;
    END LOOP;
  END LOOP;
END $$;

ALTER TABLE job_applications
  ADD CONSTRAINT job_applications_candidate_profile_fk FOREIGN KEY (candidate_id) REFERENCES candidate_profiles (user_id) ON DELETE CASCADE;
