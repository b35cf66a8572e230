-- Issue 15: a company asks a candidate who applied to it for a background check. Each request
-- counts against the company's background checks for the month (IST), once per application and
-- check; the candidate is asked for consent, and the check runs as any other once given.
CREATE TABLE check_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (subject IN ('uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip')),
  requested_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, subject)
);
-- This month's requests of a company (the Billing meter and the limit).
CREATE INDEX check_requests_company_month ON check_requests (company_id, created_at);
-- A candidate's open requests (their Verification section).
CREATE INDEX check_requests_candidate ON check_requests (candidate_id, subject);
