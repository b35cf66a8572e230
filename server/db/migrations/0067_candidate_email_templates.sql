-- Issue 36 §3: a company's candidate email templates (Settings → Candidate emails), used when a
-- recruiter emails a candidate from the pipeline. A template tied to a stage replaces that stage's
-- automatic email (no row: the spec's wording, shared/messages/pipeline.ts).
CREATE TABLE candidate_email_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
  stage text CHECK (stage IN ('shortlisted', 'interview', 'offered', 'hired', 'rejected')),
  updated_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX candidate_email_templates_name_idx ON candidate_email_templates (company_id, lower(name));
-- One template per stage: the stage's email is never ambiguous.
CREATE UNIQUE INDEX candidate_email_templates_stage_idx ON candidate_email_templates (company_id, stage) WHERE stage IS NOT NULL;

-- Issue 36 §2: how a member hears of new applications. No row: at once (a notification each).
-- 'daily': one digest a day at the set hour in India; digest_from is where the next digest's
-- window starts, digest_sent_on the India date of the last digest (one a day, whichever
-- instance claims the row first).
CREATE TABLE application_notice_preferences (
  user_id text PRIMARY KEY REFERENCES user_profiles (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('instant', 'daily')),
  digest_from timestamptz NOT NULL DEFAULT now(),
  digest_sent_on date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_notice_preferences_daily_idx ON application_notice_preferences (digest_sent_on) WHERE mode = 'daily';
