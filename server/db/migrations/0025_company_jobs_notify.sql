-- Issue 14: each instance keeps a company's job list (GET /api/jobs, with each job's number of
-- applications) in memory for a few seconds. A statement that changes a company's jobs, or adds
-- or removes applications to them, names the company on 'workcred_company_jobs' (whoever runs
-- it); one touching more than 100 companies says '*': forget every list. Statement-level, so a
-- bulk load sends one notification per company, not one per row.
CREATE FUNCTION workcred_notify_company_jobs_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  companies uuid[];
  company uuid;
BEGIN
  IF TG_TABLE_NAME = 'job_postings' THEN
    SELECT array_agg(DISTINCT company_id) INTO companies FROM changed;
  ELSE
    SELECT array_agg(DISTINCT jp.company_id) INTO companies
      FROM (SELECT DISTINCT job_id FROM changed) AS c JOIN job_postings jp ON jp.id = c.job_id;
  END IF;
  IF companies IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(companies) > 100 THEN
    PERFORM pg_notify('workcred_company_jobs', '*');
  ELSE
    FOREACH company IN ARRAY companies LOOP
      PERFORM pg_notify('workcred_company_jobs', company::text);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER job_postings_company_insert AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_company_jobs_change();
CREATE TRIGGER job_postings_company_update AFTER UPDATE ON job_postings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_company_jobs_change();
CREATE TRIGGER job_postings_company_delete AFTER DELETE ON job_postings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_company_jobs_change();
CREATE TRIGGER job_applications_company_insert AFTER INSERT ON job_applications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_company_jobs_change();
CREATE TRIGGER job_applications_company_delete AFTER DELETE ON job_applications
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workcred_notify_company_jobs_change();
