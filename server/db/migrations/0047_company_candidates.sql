-- Issue 14: candidate search stays under 15 ms at ten million applications. The search read a
-- company's applications newest first, kept each candidate's latest one (a look-back for a later
-- application), checked the job was live, the candidate's verified checks and the profile's filters
-- one applicant at a time, in a five-table query whose planning alone took 3-5 ms, twice for a
-- "relevance" search. Filtered, it intersected indexes over every profile on the platform, which
-- grew with the platform, not the company.
--
-- Now each company has one row per candidate who applied to one of its live jobs: the latest such
-- application, whether the candidate has a verified UAN or document check, and copies of the
-- profile fields the search filters on. A search reads the company's rows in the order it shows
-- them (relevance: verified first, each newest first) and stops after a page. Triggers keep the
-- rows in the same transaction as the change: an application made or removed, a job deleted or
-- restored, a check verified or not, a profile edited (or erased). The projects filter, free text
-- and rarely used, still reads the profile.
CREATE TABLE company_candidates (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  application_id uuid NOT NULL,
  applied_at timestamptz NOT NULL,
  verified boolean NOT NULL DEFAULT false,
  experience_years numeric(4, 1),
  notice_period_days integer,
  current_pay_lakh numeric(6, 2),
  expected_pay_lakh numeric(6, 2),
  skills_lower text[] NOT NULL DEFAULT '{}',
  location text,
  PRIMARY KEY (company_id, candidate_id)
);
CREATE INDEX company_candidates_relevance_idx ON company_candidates (company_id, verified DESC, applied_at DESC, application_id DESC);
CREATE INDEX company_candidates_recent_idx ON company_candidates (company_id, applied_at DESC, application_id DESC);
CREATE INDEX company_candidates_candidate_idx ON company_candidates (candidate_id);

-- "Verified" as the search means it: a verified UAN or document check (every candidate's phone is
-- checked at registration, so it does not count). The same list as the search's (shared/schemas).
CREATE FUNCTION workcred_candidate_verified(p_candidate text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM verification_checks vc WHERE vc.candidate_id = p_candidate AND vc.status = 'verified'
    AND vc.subject IN ('uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip'))
$$;

-- Recomputes the rows of the given (company, candidate) pairs from the applications: each pair's
-- latest application to a live job, or no row. One statement for any number of pairs, so a job
-- deleted with 10,000 applicants, or a bulk import, is one set of reads and writes.
--
-- One candidate's rows change one writer at a time: a new application copies the verified flag and
-- the profile's fields while a check or the profile may be changing in another transaction, which
-- could not update a row it cannot see yet. Every path first locks the candidates' user_profiles
-- rows (held to commit, always in id order) and reads in a later statement, so it sees what the
-- other committed. Row locks, not advisory locks: 10,000 of those would not fit in the shared lock
-- table (64 a connection).
CREATE FUNCTION workcred_lock_candidates(p_candidates text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM user_profiles WHERE id = ANY (p_candidates) ORDER BY id FOR NO KEY UPDATE;
END;
$$;

CREATE FUNCTION workcred_company_candidates_refresh(p_companies uuid[], p_candidates text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM workcred_lock_candidates(p_candidates);
  DELETE FROM company_candidates cc USING unnest(p_companies, p_candidates) AS p (company_id, candidate_id)
  WHERE cc.company_id = p.company_id AND cc.candidate_id = p.candidate_id;
  INSERT INTO company_candidates (company_id, candidate_id, application_id, applied_at, verified,
      experience_years, notice_period_days, current_pay_lakh, expected_pay_lakh, skills_lower, location)
  SELECT latest.company_id, latest.candidate_id, latest.id, latest.created_at, workcred_candidate_verified(latest.candidate_id),
      cp.experience_years, cp.notice_period_days, cp.current_pay_lakh, cp.expected_pay_lakh, coalesce(cp.skills_lower, '{}'), cp.location
  FROM (
    SELECT DISTINCT ON (ja.company_id, ja.candidate_id) ja.company_id, ja.candidate_id, ja.id, ja.created_at
    FROM (SELECT DISTINCT company_id, candidate_id FROM unnest(p_companies, p_candidates) AS pairs (company_id, candidate_id)) AS p
    JOIN job_applications ja ON ja.candidate_id = p.candidate_id AND ja.company_id = p.company_id
    JOIN job_postings jp ON jp.id = ja.job_id
    WHERE NOT jp.is_deleted
    ORDER BY ja.company_id, ja.candidate_id, ja.created_at DESC, ja.id DESC
  ) AS latest
  LEFT JOIN candidate_profiles cp ON cp.user_id = latest.candidate_id;
END;
$$;

-- Applications made or removed, a statement at a time (a bulk import is one refresh).
CREATE FUNCTION workcred_company_candidates_on_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM workcred_company_candidates_refresh(array_agg(company_id), array_agg(candidate_id)) FROM changed_rows HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER job_applications_company_candidates_insert AFTER INSERT ON job_applications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION workcred_company_candidates_on_applications();
CREATE TRIGGER job_applications_company_candidates_delete AFTER DELETE ON job_applications
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION workcred_company_candidates_on_applications();

-- An application moved to another job or candidate, or its time changed (the demo data moves
-- times after the fact): rare, a row at a time (a column list allows no transition tables, and a
-- stage change must not run this).
CREATE FUNCTION workcred_company_candidates_on_application_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM workcred_company_candidates_refresh(ARRAY[OLD.company_id, NEW.company_id], ARRAY[OLD.candidate_id, NEW.candidate_id]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER job_applications_company_candidates_update AFTER UPDATE OF job_id, company_id, candidate_id, created_at ON job_applications
  FOR EACH ROW EXECUTE FUNCTION workcred_company_candidates_on_application_moved();

-- A job deleted or restored: its applicants' rows for the company, recomputed together.
CREATE FUNCTION workcred_company_candidates_on_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_deleted IS DISTINCT FROM OLD.is_deleted THEN
    PERFORM workcred_company_candidates_refresh(array_agg(NEW.company_id), array_agg(candidate_id))
    FROM job_applications WHERE job_id = NEW.id HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER job_postings_company_candidates AFTER UPDATE OF is_deleted ON job_postings
  FOR EACH ROW EXECUTE FUNCTION workcred_company_candidates_on_job();

-- A check verified, unverified or gone: the candidate's rows in every company.
CREATE FUNCTION workcred_company_candidates_on_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text := CASE WHEN TG_OP = 'DELETE' THEN OLD.candidate_id ELSE NEW.candidate_id END;
  now_verified boolean;
BEGIN
  PERFORM workcred_lock_candidates(ARRAY[who]);
  -- Read after the lock (a statement of its own), once for all the candidate's rows.
  now_verified := workcred_candidate_verified(who);
  UPDATE company_candidates SET verified = now_verified WHERE candidate_id = who AND verified <> now_verified;
  RETURN NULL;
END;
$$;
CREATE TRIGGER verification_checks_company_candidates AFTER INSERT OR DELETE OR UPDATE OF status, subject, candidate_id ON verification_checks
  FOR EACH ROW EXECUTE FUNCTION workcred_company_candidates_on_check();

-- A profile edited (or erased): the copies in every company the candidate applied to. (A profile
-- is made before its owner can apply, so a new one has no rows to copy to.)
CREATE FUNCTION workcred_company_candidates_on_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM workcred_lock_candidates(ARRAY[NEW.user_id]);
  UPDATE company_candidates SET
    experience_years = NEW.experience_years, notice_period_days = NEW.notice_period_days,
    current_pay_lakh = NEW.current_pay_lakh, expected_pay_lakh = NEW.expected_pay_lakh,
    skills_lower = coalesce(NEW.skills_lower, '{}'), location = NEW.location
  WHERE candidate_id = NEW.user_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER candidate_profiles_company_candidates
  AFTER UPDATE OF experience_years, notice_period_days, current_pay_lakh, expected_pay_lakh, skills, location ON candidate_profiles
  FOR EACH ROW EXECUTE FUNCTION workcred_company_candidates_on_profile();

-- Rebuilds the rows of one company (or of all, with NULL) from the applications: the backfill
-- below and the bench's bulk load, which writes with triggers off. A test holds it equal to what
-- the triggers keep.
CREATE FUNCTION workcred_rebuild_company_candidates(p_company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM company_candidates WHERE p_company IS NULL OR company_id = p_company;
  INSERT INTO company_candidates (company_id, candidate_id, application_id, applied_at, verified,
      experience_years, notice_period_days, current_pay_lakh, expected_pay_lakh, skills_lower, location)
  SELECT latest.company_id, latest.candidate_id, latest.id, latest.created_at, workcred_candidate_verified(latest.candidate_id),
      cp.experience_years, cp.notice_period_days, cp.current_pay_lakh, cp.expected_pay_lakh, coalesce(cp.skills_lower, '{}'), cp.location
  FROM (
    SELECT DISTINCT ON (ja.company_id, ja.candidate_id) ja.company_id, ja.candidate_id, ja.id, ja.created_at
    FROM job_applications ja JOIN job_postings jp ON jp.id = ja.job_id
    WHERE NOT jp.is_deleted AND (p_company IS NULL OR ja.company_id = p_company)
    ORDER BY ja.company_id, ja.candidate_id, ja.created_at DESC, ja.id DESC
  ) AS latest
  LEFT JOIN candidate_profiles cp ON cp.user_id = latest.candidate_id;
$$;

SELECT workcred_rebuild_company_candidates(NULL);
