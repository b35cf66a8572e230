-- Issue 14: candidate search reads a company's applications newest first. Without the company on
-- the application, that read walked every company's applications newest first (the recent index)
-- and kept this company's: about a third of a percent of them at a million applications, ten
-- times fewer at ten million, so the read grew with the table. The company is copied onto each
-- application (a job never changes company) and indexed in the order the search reads.
ALTER TABLE job_applications ADD COLUMN company_id uuid;
UPDATE job_applications ja SET company_id = jp.company_id FROM job_postings jp WHERE jp.id = ja.job_id;
ALTER TABLE job_applications ALTER COLUMN company_id SET NOT NULL;
CREATE INDEX job_applications_company_recent_idx ON job_applications (company_id, created_at DESC, id DESC);

-- Every way an application is made (the API, the demo data, bulk loads) gets its job's company.
CREATE FUNCTION workcred_application_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL OR TG_OP = 'UPDATE' THEN
    NEW.company_id := (SELECT company_id FROM job_postings WHERE id = NEW.job_id);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER job_applications_company BEFORE INSERT OR UPDATE OF job_id, company_id ON job_applications
  FOR EACH ROW EXECUTE FUNCTION workcred_application_company();
