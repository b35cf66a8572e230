-- Issue 14: each instance keeps the public job page and board answers in memory for a few
-- seconds. A statement changing one job names it on 'workcred_public_jobs' (whoever runs it); one
-- changing many jobs, or a company rename (its name shows on its jobs), says '*': forget all.
-- Statement-level, so a bulk load sends one notification, not one per row.
CREATE FUNCTION workcred_notify_public_job_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count bigint;
  one_id uuid;
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM pg_notify('workcred_public_jobs', '*');
    RETURN NULL;
  END IF;
  SELECT count(*), min(id::text)::uuid INTO changed_count, one_id FROM changed;
  IF changed_count = 1 THEN
    PERFORM pg_notify('workcred_public_jobs', one_id::text);
  ELSIF changed_count > 1 THEN
    PERFORM pg_notify('workcred_public_jobs', '*');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER job_postings_public_insert AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_public_job_change();
CREATE TRIGGER job_postings_public_update AFTER UPDATE ON job_postings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_public_job_change();
CREATE TRIGGER job_postings_public_delete AFTER DELETE ON job_postings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_public_job_change();
CREATE TRIGGER companies_public_notify AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION workcred_notify_public_job_change();
