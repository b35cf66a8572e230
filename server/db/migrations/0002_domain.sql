-- The entities of product-spec point 3, with the rules the spec implies made explicit.

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Company names are unique whatever their case or surrounding spaces.
CREATE UNIQUE INDEX companies_name_ci_key ON companies (lower(btrim(name)));

CREATE TABLE user_profiles (
  id text PRIMARY KEY REFERENCES auth_users ("id") ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'candidate' CHECK (role IN ('admin', 'employer', 'candidate')),
  company_id uuid REFERENCES companies (id),
  full_name text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text,
  mobile_verified boolean NOT NULL DEFAULT false,
  industry text,
  position text,
  suspended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_profiles_company_idx ON user_profiles (company_id);
CREATE INDEX user_profiles_role_idx ON user_profiles (role);
CREATE INDEX user_profiles_created_idx ON user_profiles (created_at DESC);

CREATE TABLE job_postings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  created_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 20000),
  location text,
  salary text,
  expires_at timestamptz,
  requirements text,
  benefits text,
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published')),
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_postings_company_live_idx ON job_postings (company_id, created_at DESC) WHERE NOT is_deleted;
CREATE INDEX job_postings_status_idx ON job_postings (status) WHERE NOT is_deleted;

CREATE TABLE job_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL REFERENCES job_postings (id),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One application per candidate per job: a double submit creates one row.
  CONSTRAINT job_applications_one_per_candidate UNIQUE (job_id, candidate_id)
);
CREATE INDEX job_applications_candidate_idx ON job_applications (candidate_id);
CREATE INDEX job_applications_created_idx ON job_applications (job_id, created_at DESC);

CREATE TABLE interviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
  scheduled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX interviews_application_idx ON interviews (application_id);

CREATE TABLE admin_audit_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The actor; the spec calls it admin_id although employers act too.
  admin_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  company_id uuid REFERENCES companies (id),
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_logs_company_idx ON admin_audit_logs (company_id, created_at DESC);
CREATE INDEX admin_audit_logs_created_idx ON admin_audit_logs (created_at DESC);
CREATE INDEX admin_audit_logs_actor_idx ON admin_audit_logs (admin_id, created_at DESC);

CREATE TABLE company_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_name text NOT NULL CHECK (length(btrim(company_name)) BETWEEN 1 AND 200),
  domain text NOT NULL CHECK (length(domain) BETWEEN 1 AND 253),
  verification_status text NOT NULL DEFAULT 'pending' CHECK (verification_status IN ('pending', 'verified', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_verifications_name_domain_key ON company_verifications (lower(btrim(company_name)), lower(domain));

CREATE TABLE waitlist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE employer_onboarding (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text REFERENCES user_profiles (id) ON DELETE CASCADE,
  company_name text NOT NULL,
  industry text NOT NULL CHECK (industry IN ('Information Technology', 'Healthcare', 'Finance', 'Education', 'Manufacturing', 'Retail', 'Other')),
  company_size text NOT NULL CHECK (company_size IN ('1-10', '11-50', '51-200', '201-500', '501-1000', '1000+')),
  company_website text,
  full_name text NOT NULL,
  work_email text NOT NULL,
  phone_number text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employer_onboarding_user_idx ON employer_onboarding (user_id);

CREATE TABLE candidate_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  document_type text NOT NULL CHECK (document_type IN ('resume', 'bank_statement', 'experience_letter', 'salary_slip')),
  file_path text NOT NULL UNIQUE,
  size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX candidate_documents_candidate_idx ON candidate_documents (candidate_id, document_type);

CREATE TABLE support_chats (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  chat_type text NOT NULL DEFAULT 'candidate_support' CHECK (chat_type IN ('candidate_support')),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- At most one support chat per user (the spec reads "at most one").
  CONSTRAINT support_chats_one_per_user UNIQUE (user_id)
);
CREATE INDEX support_chats_last_message_idx ON support_chats (last_message_at DESC);

CREATE TABLE chat_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  chat_id uuid NOT NULL REFERENCES support_chats (id) ON DELETE CASCADE,
  sender_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  message text NOT NULL CHECK (length(btrim(message)) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX chat_messages_chat_idx ON chat_messages (chat_id, created_at);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('toast', 'banner')),
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  message text NOT NULL CHECK (length(btrim(message)) BETWEEN 1 AND 2000),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (recipient_id) WHERE read_at IS NULL;
