-- Issue 7: Screen, Handpick, Onboard. The pipeline of an application, where it came from, the
-- candidate's verification checks and consents, candidate search, interviews, employment
-- records and the portable (shared) employment record.

-- ---------------------------------------------------------------------------------------------
-- Pipeline. job_applications.status is the application's stage. rejected and withdrawn can be
-- reached from any open stage; hired, rejected and withdrawn are final.
ALTER TABLE job_applications DROP CONSTRAINT IF EXISTS job_applications_status_check;
ALTER TABLE job_applications ADD CONSTRAINT job_applications_stage_check
  CHECK (status IN ('received', 'screening', 'shortlisted', 'interview', 'offered', 'hired', 'rejected', 'withdrawn'));
ALTER TABLE job_applications ADD COLUMN stage_changed_at timestamptz NOT NULL DEFAULT now();
-- The reason shown to the candidate when rejected (optional) is in the history's note.

-- Named recruitment drives of a company (a campus visit, a job fair): a job link or QR code can
-- carry one, and every application records where it came from.
CREATE TABLE recruitment_drives (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX recruitment_drives_name_key ON recruitment_drives (company_id, lower(btrim(name)));

-- direct: the candidate found the job on WorkCred; link / qr: the employer's shared link or QR
-- code; drive: a link or QR code tagged with a named drive (drive_id).
ALTER TABLE job_applications ADD COLUMN source text NOT NULL DEFAULT 'direct'
  CHECK (source IN ('direct', 'link', 'qr', 'drive'));
ALTER TABLE job_applications ADD COLUMN source_drive_id uuid REFERENCES recruitment_drives (id) ON DELETE SET NULL;
ALTER TABLE job_applications ADD CONSTRAINT job_applications_drive_source CHECK (source_drive_id IS NULL OR source = 'drive');
CREATE INDEX job_applications_job_stage_idx ON job_applications (job_id, status);

-- Every stage change: who, when, from where to where, and an optional note.
CREATE TABLE application_stage_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
  from_stage text,
  to_stage text NOT NULL,
  actor_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  note text CHECK (note IS NULL OR length(note) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX application_stage_events_application_idx ON application_stage_events (application_id, created_at);

-- ---------------------------------------------------------------------------------------------
-- Verification (Screen). One check per candidate and subject: the phone, the UAN, and each
-- document type. A re-uploaded document puts its check back to pending.
CREATE TABLE verification_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (subject IN ('phone', 'uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip')),
  -- The document the check was run on (document subjects only).
  document_id uuid REFERENCES candidate_documents (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_review', 'verified', 'rejected')),
  reason text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 1000),
  -- Who decided: the automatic pass, an external provider, or a person of the verification team.
  decided_by text CHECK (decided_by IS NULL OR decided_by IN ('algorithm', 'provider', 'verification_team')),
  decided_by_user text REFERENCES user_profiles (id) ON DELETE SET NULL,
  decided_at timestamptz,
  -- The automatic pass's findings: [{ rule, outcome: 'match' | 'mismatch' | 'missing', expected, found, evidence }].
  flags jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Profile fields this check confirmed (e.g. ["full_name", "current_employer", "current_pay_lakh"]).
  verified_fields text[] NOT NULL DEFAULT '{}',
  provider text,
  provider_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT verification_checks_one_per_subject UNIQUE (candidate_id, subject)
);
CREATE INDEX verification_checks_queue_idx ON verification_checks (updated_at) WHERE status IN ('pending', 'in_review');
CREATE INDEX verification_checks_verified_idx ON verification_checks (candidate_id) WHERE status = 'verified';

-- The candidate's consent, per check, before it runs: when, for what purpose; revocable.
CREATE TABLE verification_consents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (subject IN ('phone', 'uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip')),
  purpose text NOT NULL CHECK (length(btrim(purpose)) BETWEEN 1 AND 500),
  granted_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip_address text
);
CREATE UNIQUE INDEX verification_consents_active_key ON verification_consents (candidate_id, subject) WHERE revoked_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Handpick: what candidates add to their profile, and employers' saved searches.
ALTER TABLE candidate_profiles ADD COLUMN skills text[] NOT NULL DEFAULT '{}';
ALTER TABLE candidate_profiles ADD COLUMN projects text CHECK (projects IS NULL OR length(projects) <= 5000);
ALTER TABLE candidate_profiles ADD COLUMN location text CHECK (location IS NULL OR length(btrim(location)) BETWEEN 1 AND 100);
-- Annual pay in lakh rupees (₹1 lakh = ₹100,000), e.g. 12.5.
ALTER TABLE candidate_profiles ADD COLUMN current_pay_lakh numeric(6, 2) CHECK (current_pay_lakh IS NULL OR current_pay_lakh BETWEEN 0 AND 10000);
ALTER TABLE candidate_profiles ADD COLUMN expected_pay_lakh numeric(6, 2) CHECK (expected_pay_lakh IS NULL OR expected_pay_lakh BETWEEN 0 AND 10000);
CREATE INDEX candidate_profiles_skills_idx ON candidate_profiles USING gin (skills);

CREATE TABLE saved_candidate_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  filters jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_candidate_searches_name_key ON saved_candidate_searches (user_id, lower(btrim(name)));

-- ---------------------------------------------------------------------------------------------
-- Interviews. scheduled_at is UTC; screens show and take Asia/Kolkata.
ALTER TABLE interviews ADD COLUMN company_id uuid REFERENCES companies (id);
ALTER TABLE interviews ADD COLUMN duration_minutes integer NOT NULL DEFAULT 60 CHECK (duration_minutes BETWEEN 15 AND 480);
ALTER TABLE interviews ADD COLUMN mode text NOT NULL DEFAULT 'video' CHECK (mode IN ('video', 'phone', 'in_person'));
-- The video link, the phone number, or the address, by mode.
ALTER TABLE interviews ADD COLUMN location text CHECK (location IS NULL OR length(btrim(location)) BETWEEN 1 AND 500);
ALTER TABLE interviews ADD COLUMN status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled', 'completed'));
-- iCalendar SEQUENCE: raised on every reschedule or cancel so calendars replace the event.
ALTER TABLE interviews ADD COLUMN sequence integer NOT NULL DEFAULT 0;
ALTER TABLE interviews ADD COLUMN created_by text REFERENCES user_profiles (id) ON DELETE SET NULL;
ALTER TABLE interviews ADD COLUMN cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 500);
ALTER TABLE interviews ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX interviews_company_idx ON interviews (company_id, scheduled_at) WHERE status = 'scheduled';

CREATE TABLE interview_interviewers (
  interview_id uuid NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  PRIMARY KEY (interview_id, user_id)
);
CREATE INDEX interview_interviewers_user_idx ON interview_interviewers (user_id);

-- One scorecard per interviewer and interview: 3–5 criteria rated 1–4, and notes.
CREATE TABLE interview_scorecards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  interview_id uuid NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  interviewer_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  -- [{ name, rating }]
  criteria jsonb NOT NULL,
  notes text CHECK (notes IS NULL OR length(notes) <= 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT interview_scorecards_one_per_interviewer UNIQUE (interview_id, interviewer_id)
);

-- Scheduled and cancellable messages (interview reminders): a pending row with a key can be
-- withdrawn before it is due; attachments (an .ics invite) travel with the message.
ALTER TABLE outbox_messages ADD COLUMN attachments jsonb;
ALTER TABLE outbox_messages ADD COLUMN dedupe_key text;
CREATE INDEX outbox_messages_key_idx ON outbox_messages (dedupe_key) WHERE dedupe_key IS NOT NULL AND status = 'pending';

-- ---------------------------------------------------------------------------------------------
-- Onboard and Manage: an employment of a person at a company is an employment record.
CREATE TABLE employments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  employee_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  -- The application the person was hired through (none for people added otherwise).
  application_id uuid UNIQUE REFERENCES job_applications (id) ON DELETE SET NULL,
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  joining_date date NOT NULL,
  last_working_day date,
  relieving_reason text CHECK (relieving_reason IS NULL OR length(btrim(relieving_reason)) BETWEEN 1 AND 500),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'relieved')),
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  relieved_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT employments_relieved_complete CHECK ((status = 'relieved') = (last_working_day IS NOT NULL)),
  CONSTRAINT employments_dates CHECK (last_working_day IS NULL OR last_working_day >= joining_date)
);
-- A person is employed at most once at a time by one company.
CREATE UNIQUE INDEX employments_one_active ON employments (company_id, employee_id) WHERE status = 'active';
CREATE INDEX employments_employee_idx ON employments (employee_id, joining_date DESC);
CREATE INDEX employments_company_idx ON employments (company_id, status, joining_date DESC);

-- The portable record: a candidate shares their verified employment history with one company
-- (consent, revocable); every view by that company's people is logged for the candidate.
CREATE TABLE record_shares (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id),
  purpose text NOT NULL CHECK (length(btrim(purpose)) BETWEEN 1 AND 500),
  granted_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX record_shares_active_key ON record_shares (candidate_id, company_id) WHERE revoked_at IS NULL;
CREATE INDEX record_shares_company_idx ON record_shares (company_id) WHERE revoked_at IS NULL;

CREATE TABLE record_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  share_id uuid NOT NULL REFERENCES record_shares (id) ON DELETE CASCADE,
  viewer_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX record_views_share_idx ON record_views (share_id, viewed_at DESC);
