-- Issue 34 §2: the employers on a candidate's experience letters and salary slips are claims the
-- EPFO history is compared with. When a document's automatic check reads it (its text layer, or
-- the OCR's text of a scan), the employment it states is kept on the document's row: the
-- employer, the dates a letter certifies, the month a slip pays ({"employer", "from", "to",
-- "month"}). A new upload is a new row, so a replaced document's claim goes with it; the row's
-- deletion (the candidate's erasure) takes it too.
ALTER TABLE candidate_documents ADD COLUMN employment_claim jsonb;
