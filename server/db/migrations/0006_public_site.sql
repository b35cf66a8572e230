-- The public site: messages sent through /contact, and an index for the public job board.

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Chosen by the form once per message, so a double submit or a retry stores one row.
  submission_id uuid UNIQUE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  company text CHECK (company IS NULL OR length(btrim(company)) BETWEEN 1 AND 200),
  topic text NOT NULL CHECK (topic IN ('sales', 'support', 'partnership', 'other')),
  -- The form asks for at least 10 characters; the database only guards against empty text
  -- (it counts characters, the browser counts UTF-16 units, so the two minimums could disagree).
  message text NOT NULL CHECK (length(btrim(message)) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC);

-- The job board lists open jobs newest first. Keyword search uses ILIKE over title, description
-- and company name (pg_trgm is not loaded by default on the embedded database), so the index
-- serves the ordering and the unfiltered first pages.
CREATE INDEX job_postings_public_idx ON job_postings (created_at DESC, id DESC) WHERE status = 'published' AND NOT is_deleted;
