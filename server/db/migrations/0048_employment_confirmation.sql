-- Issue 33 A1: a company could write an employment onto any candidate's record by candidate ID.
-- An employment now has a source: a hire through the company's own pipeline (confirmed by the
-- hire), or the person's own confirmation. Until the person confirms a directly added employment it
-- is 'unconfirmed': only the company sees it, and it is not part of the person's record. The person
-- may decline it instead ('declined': it stays as the company's note of what it claimed).
ALTER TABLE employments ADD COLUMN confirmation text NOT NULL DEFAULT 'unconfirmed'
  CHECK (confirmation IN ('unconfirmed', 'confirmed', 'declined'));
ALTER TABLE employments ADD COLUMN confirmed_by text CHECK (confirmed_by IN ('hire', 'person'));
-- When the hire was recorded or the person confirmed or declined it.
ALTER TABLE employments ADD COLUMN confirmed_at timestamptz;
ALTER TABLE employments ADD CONSTRAINT employments_confirmation_complete
  CHECK ((confirmation = 'confirmed') = (confirmed_by IS NOT NULL) AND (confirmation = 'unconfirmed') = (confirmed_at IS NULL));

-- What was recorded before: hires keep their source; employments added directly were never
-- confirmed by anyone, so they leave the person's record until the person confirms them.
UPDATE employments SET confirmation = 'confirmed', confirmed_by = 'hire', confirmed_at = created_at WHERE application_id IS NOT NULL;

-- A declined employment no longer holds the one-active-per-company place.
DROP INDEX employments_one_active;
CREATE UNIQUE INDEX employments_one_active ON employments (company_id, employee_id) WHERE status = 'active' AND confirmation <> 'declined';
-- The person's pending confirmations.
CREATE INDEX employments_unconfirmed_idx ON employments (employee_id) WHERE confirmation = 'unconfirmed';
