-- Issue 14: the pipeline lists each stage's newest applications first (PIPELINE_LIMITS.perStage,
-- more on request), one index range per stage: (job_id, status) extended with the order it reads
-- in, so a stage's newest fifty cost fifty index entries however many the job has.
CREATE INDEX job_applications_job_stage_recent_idx ON job_applications (job_id, status, created_at DESC, id DESC);
DROP INDEX job_applications_job_stage_idx;
