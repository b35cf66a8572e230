-- Issue 36 §1: a hiring team per job. Its recruiters and hiring managers hear of the job's new
-- applications (instead of every recruiter of the company); its interviewers are named for the
-- job. A member who leaves the company drops off (their profile's company changes, checked when
-- the team is read and when notices go out).
CREATE TABLE job_hiring_team (
  job_id uuid NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  team_role text NOT NULL CHECK (team_role IN ('recruiter', 'hiring_manager', 'interviewer')),
  added_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, user_id)
);
CREATE INDEX job_hiring_team_user_idx ON job_hiring_team (user_id);
