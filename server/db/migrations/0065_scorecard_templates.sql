-- Issue 36 §4: structured scorecards.
--
-- A job's scorecard template: the ordered criteria its interviewers rate 1 to 4, as
-- [{ "name": ..., "guidance": ... }]. No row: the default criteria (shared/messages/scorecards.ts).
-- Cloning a job copies its row.
CREATE TABLE job_scorecard_templates (
  job_id uuid PRIMARY KEY REFERENCES job_postings (id) ON DELETE CASCADE,
  criteria jsonb NOT NULL CHECK (jsonb_typeof(criteria) = 'array' AND jsonb_array_length(criteria) BETWEEN 1 AND 10),
  updated_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every scorecard now carries an overall recommendation. Scorecards left before this have none and
-- keep their own criteria and ratings as they were (they are shown as "an older scorecard"), so the
-- column stays nullable; the API requires it on every save.
ALTER TABLE interview_scorecards ADD COLUMN recommendation text
  CHECK (recommendation IS NULL OR recommendation IN ('strong_no', 'no', 'yes', 'strong_yes'));

-- The reminder to an interviewer whose scorecard is missing a day after the interview: one row per
-- interviewer and interview, written in the transaction that queues the email and the notice, so
-- the primary key makes it exactly once whatever instance sends it. Kept apart from
-- interview_interviewers, which a reschedule rewrites.
CREATE TABLE interview_scorecard_reminders (
  interview_id uuid NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  interviewer_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (interview_id, interviewer_id)
);

-- The reminder sweep looks at interviews of the past week that took place (scheduled or completed).
CREATE INDEX interviews_held_idx ON interviews (scheduled_at) WHERE status IN ('scheduled', 'completed');
