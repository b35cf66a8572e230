-- Issue 36 §1: screening questions per job, answered on Apply. The questions live with the job
-- (at most ten, read with the job row on Apply: no join), validated by the shared zod schema on
-- every write; the database holds the shape's outline. Each application keeps its answers with
-- the question's words and kind as they were asked, so a later edit of the job's questions never
-- changes what an old answer meant. A knockout answer (a disqualifying one) is recorded with its
-- reason; the application is moved straight to rejected (ADR 0029).
ALTER TABLE job_postings
  ADD COLUMN screening_questions jsonb NOT NULL DEFAULT '[]'::jsonb
    CONSTRAINT job_postings_screening_questions_shape
    CHECK (jsonb_typeof(screening_questions) = 'array' AND jsonb_array_length(screening_questions) <= 10);

ALTER TABLE job_applications
  -- [{ question_id, kind, prompt, answer, knocked_out }], null when the job asked nothing.
  ADD COLUMN screening_answers jsonb
    CONSTRAINT job_applications_screening_answers_shape
    CHECK (screening_answers IS NULL OR (jsonb_typeof(screening_answers) = 'array' AND jsonb_array_length(screening_answers) <= 10)),
  -- Why the answers knocked the application out (the first disqualifying answer); null when they did not.
  ADD COLUMN knockout_reason text
    CONSTRAINT job_applications_knockout_reason_length CHECK (knockout_reason IS NULL OR length(knockout_reason) BETWEEN 1 AND 1000);
