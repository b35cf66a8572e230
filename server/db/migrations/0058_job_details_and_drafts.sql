-- Issue 36 §1: a job may be saved as a draft and published later, and carries structured details
-- (department, employment type, work mode, openings, pay as numbers). A draft is not public, takes
-- no applications and holds no listing (every public read and the plan's count ask for
-- 'published' already). Pay is integer paise; its period says a year or a month.
ALTER TABLE job_postings DROP CONSTRAINT job_postings_status_check;
ALTER TABLE job_postings ADD CONSTRAINT job_postings_status_check CHECK (status IN ('draft', 'published'));

ALTER TABLE job_postings
  ADD COLUMN department text CHECK (length(btrim(department)) BETWEEN 1 AND 100),
  ADD COLUMN employment_type text CHECK (employment_type IN ('full_time', 'part_time', 'contract', 'internship')),
  ADD COLUMN work_mode text CHECK (work_mode IN ('on_site', 'hybrid', 'remote')),
  ADD COLUMN openings integer CHECK (openings BETWEEN 1 AND 10000),
  ADD COLUMN pay_min_paise bigint CHECK (pay_min_paise BETWEEN 1 AND 100000000000),
  ADD COLUMN pay_max_paise bigint CHECK (pay_max_paise BETWEEN 1 AND 100000000000),
  ADD COLUMN pay_period text CHECK (pay_period IN ('year', 'month')),
  -- When it was published; null for a draft and for jobs posted before this migration (their created_at is when).
  ADD COLUMN published_at timestamptz,
  ADD CONSTRAINT job_postings_pay_range CHECK (pay_min_paise IS NULL OR pay_max_paise IS NULL OR pay_max_paise >= pay_min_paise),
  ADD CONSTRAINT job_postings_pay_period CHECK ((pay_min_paise IS NULL AND pay_max_paise IS NULL) = (pay_period IS NULL)),
  ADD CONSTRAINT job_postings_place CHECK (work_mode IS NULL OR work_mode = 'remote' OR location IS NOT NULL);
