-- Issue 13 (teams): Settings → Company, Billing profile and Candidate emails.

-- Company: what the public page /companies/:slug shows. The industry was kept on the first
-- member's profile; it moves to the company. Slugs are made from the names of existing companies
-- (a number added where two would collide).
ALTER TABLE companies
  ADD COLUMN industry text CHECK (industry IN ('Information Technology', 'Healthcare', 'Finance', 'Education', 'Manufacturing', 'Retail', 'Other')),
  ADD COLUMN company_size text CHECK (company_size IN ('1-10', '11-50', '51-200', '201-500', '501-1000', '1000+')),
  ADD COLUMN website text CHECK (website IS NULL OR length(website) <= 300),
  ADD COLUMN description text CHECK (description IS NULL OR length(description) <= 2000),
  ADD COLUMN slug text CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,48}[a-z0-9])?$'),
  ADD COLUMN brand_color text CHECK (brand_color ~ '^#[0-9a-f]{6}$'),
  -- The 256 px logo's key in file storage (WebP written by the server), and when it changed.
  ADD COLUMN logo_key text,
  ADD COLUMN logo_updated_at timestamptz,
  -- Candidate emails: the pipeline stages whose automatic email is turned off, and the address
  -- candidates' replies go to (none: the platform's sender).
  ADD COLUMN stage_emails_off text[] NOT NULL DEFAULT '{}',
  ADD COLUMN reply_to_email text CHECK (reply_to_email IS NULL OR (reply_to_email = lower(reply_to_email) AND length(reply_to_email) <= 254)),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

UPDATE companies c SET industry = p.industry
FROM (
  SELECT DISTINCT ON (company_id) company_id, industry FROM user_profiles
  WHERE company_id IS NOT NULL AND industry IN ('Information Technology', 'Healthcare', 'Finance', 'Education', 'Manufacturing', 'Retail', 'Other')
  ORDER BY company_id, created_at
) p
WHERE p.company_id = c.id;

WITH base AS (
  SELECT id, created_at, coalesce(nullif(left(trim(BOTH '-' FROM regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 40), ''), 'company') AS stem FROM companies
), numbered AS (
  SELECT id, stem, row_number() OVER (PARTITION BY stem ORDER BY created_at, id) AS n FROM base
)
UPDATE companies c SET slug = trim(BOTH '-' FROM CASE WHEN n = 1 THEN stem ELSE stem || '-' || n END)
FROM numbered WHERE numbered.id = c.id;
ALTER TABLE companies ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX companies_slug_key ON companies (slug);

-- Billing profile (owners): who invoices are made out to. Used by billing (issue 15).
CREATE TABLE company_billing_profiles (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  legal_name text NOT NULL CHECK (length(btrim(legal_name)) BETWEEN 1 AND 200),
  gstin text CHECK (gstin IS NULL OR gstin ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
  address_line1 text NOT NULL CHECK (length(btrim(address_line1)) BETWEEN 1 AND 200),
  address_line2 text CHECK (address_line2 IS NULL OR length(address_line2) <= 200),
  city text NOT NULL CHECK (length(btrim(city)) BETWEEN 1 AND 100),
  state text NOT NULL,
  pincode text NOT NULL CHECK (pincode ~ '^[1-9][0-9]{5}$'),
  updated_by text REFERENCES user_profiles (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Candidate emails may carry the company's reply-to address.
ALTER TABLE outbox_messages ADD COLUMN reply_to text;
