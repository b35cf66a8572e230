-- Issue 36 §2: the candidate's record. Tags a company puts on a candidate (shared by the
-- candidate's applications there, as Greenhouse does), private notes on an application with the
-- teammates they mention, and the index the application's timeline reads the audit log by.

-- A tag is unique per company and candidate whatever its case ("Referral" and "referral" are one
-- tag); the second index answers the pipeline's filter by tag and the company's list of tags.
CREATE TABLE candidate_tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 40 AND label = btrim(label)),
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX candidate_tags_candidate_key ON candidate_tags (company_id, candidate_id, lower(label));
CREATE INDEX candidate_tags_label_idx ON candidate_tags (company_id, lower(label), candidate_id);

-- A note's body keeps its mentions as @[Name](user id) and the ids again in `mentions`, so who
-- was mentioned is read without parsing. The body's cap leaves room for twenty mention tokens
-- beyond the 4,000 characters a reader sees.
CREATE TABLE application_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  author_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 6000),
  mentions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
CREATE INDEX application_notes_application_idx ON application_notes (application_id, created_at DESC, id DESC);

-- The timeline reads an application's entries (and its interviews', checks', the candidate's)
-- newest first a page at a time: one range of this index per entity, however large the log.
CREATE INDEX admin_audit_logs_entity_idx ON admin_audit_logs (entity_type, entity_id, created_at DESC, id DESC);
