-- Issue 17: letters a company issues (offer, appointment, relieving, experience) from templates
-- its owners and admins edit, each a stored PDF that anyone can verify at /verify/<code>.

-- A company's own wording of each letter; no row means the default wording (shared/letters.ts).
CREATE TABLE letter_templates (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('offer', 'appointment', 'relieving', 'experience')),
  subject text NOT NULL,
  body text NOT NULL,
  updated_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, kind)
);

CREATE TABLE letters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('offer', 'appointment', 'relieving', 'experience')),
  -- The verification code: 12 characters of Crockford base32 from a CSPRNG (60 bits).
  code text NOT NULL UNIQUE CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
  recipient_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  -- What the letter says, as issued: the public page shows these (never the pay).
  recipient_name text NOT NULL,
  company_name text NOT NULL,
  title text NOT NULL,
  joining_date date,
  last_working_day date,
  -- Private: the offer's annual CTC (integer paise); never on the public page.
  annual_ctc_paise bigint CHECK (annual_ctc_paise IS NULL OR annual_ctc_paise > 0),
  application_id uuid REFERENCES job_applications (id) ON DELETE SET NULL,
  employment_id uuid REFERENCES employments (id) ON DELETE SET NULL,
  storage_key text NOT NULL UNIQUE,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes integer NOT NULL,
  issued_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  revoke_reason text,
  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
);
CREATE INDEX letters_company_idx ON letters (company_id, issued_at DESC, id DESC);
CREATE INDEX letters_recipient_idx ON letters (recipient_id, issued_at DESC);
