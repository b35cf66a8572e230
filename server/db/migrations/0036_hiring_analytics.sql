-- Issue 17: hiring analytics that stay fast at a million applications. Nothing here is a nightly
-- batch: every figure is kept up to date by triggers in the same transaction as the application
-- or stage change it counts, and a report reads a few hundred rollup rows, not the history.
--
-- The funnel's rule: an application has reached a stage when it was ever at that stage or a later
-- one (received < screening < shortlisted < interview < offered < hired), so a jump from received
-- to interview has passed screening and shortlisted; moving back does not un-reach anything.
-- Rejected and withdrawn are counted apart, and an application rejected at interview still
-- reached interview.

-- The rank of an open stage (and hired) in the funnel; rejected and withdrawn have none.
CREATE FUNCTION workcred_stage_rank(stage text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE stage
    WHEN 'received' THEN 0 WHEN 'screening' THEN 1 WHEN 'shortlisted' THEN 2
    WHEN 'interview' THEN 3 WHEN 'offered' THEN 4 WHEN 'hired' THEN 5 END::smallint
$$;

-- Each application's milestones: the furthest stage it reached, when it first reached offered
-- (or beyond) and when it was hired. Days to offer and days to hire are read from these through
-- partial indexes that hold only offered or hired applications.
ALTER TABLE job_applications ADD COLUMN furthest_stage smallint NOT NULL DEFAULT 0;
ALTER TABLE job_applications ADD COLUMN offered_at timestamptz;
ALTER TABLE job_applications ADD COLUMN hired_at timestamptz;
CREATE INDEX job_applications_offered_idx ON job_applications (company_id, created_at) INCLUDE (job_id, offered_at) WHERE offered_at IS NOT NULL;
CREATE INDEX job_applications_hired_idx ON job_applications (company_id, created_at) INCLUDE (job_id, hired_at) WHERE hired_at IS NOT NULL;

-- Day by day (the IST day the application arrived) and source by source, the counts of each
-- funnel step and the time spent in each stage by the applications that moved on from it, three
-- times over: for the company, for each job and for each recruiter (the member who posted the
-- job), so every filter reads its own few rows. source_key is direct, link, qr, or a drive's id.
CREATE TABLE hiring_daily (
  scope text NOT NULL CHECK (scope IN ('company', 'job', 'recruiter')),
  scope_id text NOT NULL,
  day date NOT NULL,
  source_key text NOT NULL,
  company_id uuid NOT NULL,
  applications integer NOT NULL DEFAULT 0,
  reached_screening integer NOT NULL DEFAULT 0,
  reached_shortlisted integer NOT NULL DEFAULT 0,
  reached_interview integer NOT NULL DEFAULT 0,
  reached_offered integer NOT NULL DEFAULT 0,
  hired integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  withdrawn integer NOT NULL DEFAULT 0,
  received_seconds double precision NOT NULL DEFAULT 0,
  received_moves integer NOT NULL DEFAULT 0,
  screening_seconds double precision NOT NULL DEFAULT 0,
  screening_moves integer NOT NULL DEFAULT 0,
  shortlisted_seconds double precision NOT NULL DEFAULT 0,
  shortlisted_moves integer NOT NULL DEFAULT 0,
  interview_seconds double precision NOT NULL DEFAULT 0,
  interview_moves integer NOT NULL DEFAULT 0,
  offered_seconds double precision NOT NULL DEFAULT 0,
  offered_moves integer NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, scope_id, day, source_key)
);
CREATE INDEX hiring_daily_company_idx ON hiring_daily (company_id);

-- Each job's applications by the stage they are in now: the jobs table reads these (the same
-- numbers as the job's pipeline board) instead of counting a million rows.
CREATE TABLE job_stage_counts (
  job_id uuid NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
  stage text NOT NULL,
  company_id uuid NOT NULL,
  applications integer NOT NULL DEFAULT 0,
  PRIMARY KEY (job_id, stage)
);
CREATE INDEX job_stage_counts_company_idx ON job_stage_counts (company_id);

-- Adds one change to the three scopes' rows (the recruiter's only when the job has one).
CREATE FUNCTION workcred_hiring_add(
  p_company uuid, p_job uuid, p_recruiter text, p_day date, p_source text,
  d_applications integer, d_screening integer, d_shortlisted integer, d_interview integer, d_offered integer, d_hired integer,
  d_rejected integer, d_withdrawn integer, p_left_stage text, p_seconds double precision
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hiring_daily AS h (scope, scope_id, day, source_key, company_id, applications, reached_screening, reached_shortlisted, reached_interview, reached_offered, hired, rejected, withdrawn,
      received_seconds, received_moves, screening_seconds, screening_moves, shortlisted_seconds, shortlisted_moves, interview_seconds, interview_moves, offered_seconds, offered_moves)
  SELECT s.scope, s.scope_id, p_day, p_source, p_company, d_applications, d_screening, d_shortlisted, d_interview, d_offered, d_hired, d_rejected, d_withdrawn,
      CASE WHEN p_left_stage = 'received' THEN p_seconds ELSE 0 END, CASE WHEN p_left_stage = 'received' THEN 1 ELSE 0 END,
      CASE WHEN p_left_stage = 'screening' THEN p_seconds ELSE 0 END, CASE WHEN p_left_stage = 'screening' THEN 1 ELSE 0 END,
      CASE WHEN p_left_stage = 'shortlisted' THEN p_seconds ELSE 0 END, CASE WHEN p_left_stage = 'shortlisted' THEN 1 ELSE 0 END,
      CASE WHEN p_left_stage = 'interview' THEN p_seconds ELSE 0 END, CASE WHEN p_left_stage = 'interview' THEN 1 ELSE 0 END,
      CASE WHEN p_left_stage = 'offered' THEN p_seconds ELSE 0 END, CASE WHEN p_left_stage = 'offered' THEN 1 ELSE 0 END
  FROM (VALUES ('company', p_company::text), ('job', p_job::text), ('recruiter', p_company::text || ':' || p_recruiter)) AS s (scope, scope_id)
  WHERE s.scope_id IS NOT NULL
  ORDER BY s.scope
  ON CONFLICT (scope, scope_id, day, source_key) DO UPDATE SET
    applications = h.applications + excluded.applications,
    reached_screening = h.reached_screening + excluded.reached_screening,
    reached_shortlisted = h.reached_shortlisted + excluded.reached_shortlisted,
    reached_interview = h.reached_interview + excluded.reached_interview,
    reached_offered = h.reached_offered + excluded.reached_offered,
    hired = h.hired + excluded.hired,
    rejected = h.rejected + excluded.rejected,
    withdrawn = h.withdrawn + excluded.withdrawn,
    received_seconds = h.received_seconds + excluded.received_seconds,
    received_moves = h.received_moves + excluded.received_moves,
    screening_seconds = h.screening_seconds + excluded.screening_seconds,
    screening_moves = h.screening_moves + excluded.screening_moves,
    shortlisted_seconds = h.shortlisted_seconds + excluded.shortlisted_seconds,
    shortlisted_moves = h.shortlisted_moves + excluded.shortlisted_moves,
    interview_seconds = h.interview_seconds + excluded.interview_seconds,
    interview_moves = h.interview_moves + excluded.interview_moves,
    offered_seconds = h.offered_seconds + excluded.offered_seconds,
    offered_moves = h.offered_moves + excluded.offered_moves;
END;
$$;

CREATE FUNCTION workcred_source_key(source text, drive_id uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN source = 'drive' THEN coalesce(drive_id::text, 'drive') ELSE source END
$$;

-- Before the row is written: the furthest stage, and the first offer and hire times.
CREATE FUNCTION workcred_application_milestones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.furthest_stage := coalesce(workcred_stage_rank(NEW.status), 0);
  ELSE
    NEW.furthest_stage := greatest(OLD.furthest_stage, coalesce(workcred_stage_rank(NEW.status), 0));
  END IF;
  IF NEW.furthest_stage >= 4 AND NEW.offered_at IS NULL THEN NEW.offered_at := NEW.stage_changed_at; END IF;
  IF NEW.status = 'hired' AND NEW.hired_at IS NULL THEN NEW.hired_at := NEW.stage_changed_at; END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER job_applications_milestones BEFORE INSERT OR UPDATE OF status ON job_applications
  FOR EACH ROW EXECUTE FUNCTION workcred_application_milestones();

-- After the row is written: the rollups, in the same transaction.
CREATE FUNCTION workcred_application_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recruiter text;
  before_rank smallint;
  old_rank smallint;
  new_rank smallint;
  left_stage text;
  seconds double precision := 0;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE job_stage_counts SET applications = applications - 1 WHERE job_id = OLD.job_id AND stage = OLD.status;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status THEN RETURN NULL; END IF;

  SELECT created_by INTO recruiter FROM job_postings WHERE id = NEW.job_id;
  IF TG_OP = 'INSERT' THEN
    before_rank := 0;
  ELSE
    before_rank := OLD.furthest_stage;
    old_rank := workcred_stage_rank(OLD.status);
    new_rank := workcred_stage_rank(NEW.status);
    -- Moving on: from an open stage to a later one (not back, not out by rejection).
    IF old_rank IS NOT NULL AND new_rank IS NOT NULL AND new_rank > old_rank THEN
      left_stage := OLD.status;
      seconds := greatest(0, extract(epoch FROM NEW.stage_changed_at - OLD.stage_changed_at));
    END IF;
    UPDATE job_stage_counts SET applications = applications - 1 WHERE job_id = OLD.job_id AND stage = OLD.status;
  END IF;
  INSERT INTO job_stage_counts AS c (job_id, stage, company_id, applications) VALUES (NEW.job_id, NEW.status, NEW.company_id, 1)
    ON CONFLICT (job_id, stage) DO UPDATE SET applications = c.applications + 1;

  PERFORM workcred_hiring_add(
    NEW.company_id, NEW.job_id, recruiter, (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, workcred_source_key(NEW.source, NEW.source_drive_id),
    CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE 0 END,
    CASE WHEN before_rank < 1 AND NEW.furthest_stage >= 1 THEN 1 ELSE 0 END,
    CASE WHEN before_rank < 2 AND NEW.furthest_stage >= 2 THEN 1 ELSE 0 END,
    CASE WHEN before_rank < 3 AND NEW.furthest_stage >= 3 THEN 1 ELSE 0 END,
    CASE WHEN before_rank < 4 AND NEW.furthest_stage >= 4 THEN 1 ELSE 0 END,
    CASE WHEN before_rank < 5 AND NEW.furthest_stage >= 5 THEN 1 ELSE 0 END,
    CASE WHEN NEW.status = 'rejected' THEN 1 ELSE 0 END,
    CASE WHEN NEW.status = 'withdrawn' THEN 1 ELSE 0 END,
    left_stage, seconds);
  RETURN NULL;
END;
$$;
CREATE TRIGGER job_applications_rollups AFTER INSERT OR UPDATE OF status OR DELETE ON job_applications
  FOR EACH ROW EXECUTE FUNCTION workcred_application_rollups();

-- Rebuilds one company's milestones and rollups from its applications' stage history: the
-- backfill below, the demo data (whose timestamps are moved after the fact) and the bench's bulk
-- load use it. It gives the figures the triggers keep (a test holds the two equal).
CREATE FUNCTION workcred_rebuild_hiring_analytics(p_company uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM hiring_daily WHERE company_id = p_company;
  DELETE FROM job_stage_counts WHERE company_id = p_company;

  CREATE TEMP TABLE workcred_rebuild_apps ON COMMIT DROP AS
  WITH events AS (
    SELECT e.application_id, e.from_stage, e.to_stage, e.created_at,
           lag(e.created_at) OVER (PARTITION BY e.application_id ORDER BY e.created_at, e.id) AS previous_at
    FROM application_stage_events e
    JOIN job_applications ja ON ja.id = e.application_id
    WHERE ja.company_id = p_company
  ),
  per_application AS (
    SELECT e.application_id,
           max(workcred_stage_rank(e.to_stage)) AS event_rank,
           min(e.created_at) FILTER (WHERE workcred_stage_rank(e.to_stage) >= 4) AS offered_at,
           min(e.created_at) FILTER (WHERE e.to_stage = 'hired') AS hired_at,
           sum(extract(epoch FROM e.created_at - e.previous_at)) FILTER (WHERE e.from_stage = 'received' AND workcred_stage_rank(e.to_stage) > 0) AS received_seconds,
           count(*) FILTER (WHERE e.from_stage = 'received' AND workcred_stage_rank(e.to_stage) > 0) AS received_moves,
           sum(extract(epoch FROM e.created_at - e.previous_at)) FILTER (WHERE e.from_stage = 'screening' AND workcred_stage_rank(e.to_stage) > 1) AS screening_seconds,
           count(*) FILTER (WHERE e.from_stage = 'screening' AND workcred_stage_rank(e.to_stage) > 1) AS screening_moves,
           sum(extract(epoch FROM e.created_at - e.previous_at)) FILTER (WHERE e.from_stage = 'shortlisted' AND workcred_stage_rank(e.to_stage) > 2) AS shortlisted_seconds,
           count(*) FILTER (WHERE e.from_stage = 'shortlisted' AND workcred_stage_rank(e.to_stage) > 2) AS shortlisted_moves,
           sum(extract(epoch FROM e.created_at - e.previous_at)) FILTER (WHERE e.from_stage = 'interview' AND workcred_stage_rank(e.to_stage) > 3) AS interview_seconds,
           count(*) FILTER (WHERE e.from_stage = 'interview' AND workcred_stage_rank(e.to_stage) > 3) AS interview_moves,
           sum(extract(epoch FROM e.created_at - e.previous_at)) FILTER (WHERE e.from_stage = 'offered' AND workcred_stage_rank(e.to_stage) > 4) AS offered_seconds,
           count(*) FILTER (WHERE e.from_stage = 'offered' AND workcred_stage_rank(e.to_stage) > 4) AS offered_moves,
           -- The first move's time in received counts from the application itself.
           min(e.created_at) FILTER (WHERE e.previous_at IS NULL) AS first_event_at,
           bool_or(e.previous_at IS NULL AND e.from_stage = 'received' AND workcred_stage_rank(e.to_stage) > 0) AS first_moved_on
    FROM events e
    GROUP BY e.application_id
  )
  SELECT ja.id, ja.job_id, ja.company_id, jp.created_by AS recruiter, ja.status, ja.created_at, ja.stage_changed_at,
         (ja.created_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
         workcred_source_key(ja.source, ja.source_drive_id) AS source_key,
         greatest(coalesce(workcred_stage_rank(ja.status), 0), coalesce(p.event_rank, 0))::smallint AS furthest,
         coalesce(p.offered_at, CASE WHEN p.application_id IS NULL AND workcred_stage_rank(ja.status) >= 4 THEN ja.stage_changed_at END) AS offered_at,
         coalesce(p.hired_at, CASE WHEN p.application_id IS NULL AND ja.status = 'hired' THEN ja.stage_changed_at END) AS hired_at,
         coalesce(p.received_seconds, 0) + CASE WHEN p.first_moved_on THEN greatest(0, extract(epoch FROM p.first_event_at - ja.created_at)) ELSE 0 END AS received_seconds,
         coalesce(p.received_moves, 0) AS received_moves,
         coalesce(p.screening_seconds, 0) AS screening_seconds, coalesce(p.screening_moves, 0) AS screening_moves,
         coalesce(p.shortlisted_seconds, 0) AS shortlisted_seconds, coalesce(p.shortlisted_moves, 0) AS shortlisted_moves,
         coalesce(p.interview_seconds, 0) AS interview_seconds, coalesce(p.interview_moves, 0) AS interview_moves,
         coalesce(p.offered_seconds, 0) AS offered_seconds, coalesce(p.offered_moves, 0) AS offered_moves
  FROM job_applications ja
  JOIN job_postings jp ON jp.id = ja.job_id
  LEFT JOIN per_application p ON p.application_id = ja.id
  WHERE ja.company_id = p_company;

  -- Written without firing the row triggers (only the milestone columns change).
  UPDATE job_applications ja SET furthest_stage = r.furthest, offered_at = r.offered_at, hired_at = r.hired_at
  FROM workcred_rebuild_apps r
  WHERE ja.id = r.id AND (ja.furthest_stage, ja.offered_at, ja.hired_at) IS DISTINCT FROM (r.furthest, r.offered_at, r.hired_at);

  INSERT INTO job_stage_counts (job_id, stage, company_id, applications)
  SELECT job_id, status, p_company, count(*) FROM workcred_rebuild_apps GROUP BY job_id, status;

  INSERT INTO hiring_daily (scope, scope_id, day, source_key, company_id, applications, reached_screening, reached_shortlisted, reached_interview, reached_offered, hired, rejected, withdrawn,
      received_seconds, received_moves, screening_seconds, screening_moves, shortlisted_seconds, shortlisted_moves, interview_seconds, interview_moves, offered_seconds, offered_moves)
  SELECT s.scope, s.scope_id, r.day, r.source_key, p_company, count(*),
         count(*) FILTER (WHERE r.furthest >= 1), count(*) FILTER (WHERE r.furthest >= 2), count(*) FILTER (WHERE r.furthest >= 3),
         count(*) FILTER (WHERE r.furthest >= 4), count(*) FILTER (WHERE r.furthest >= 5),
         count(*) FILTER (WHERE r.status = 'rejected'), count(*) FILTER (WHERE r.status = 'withdrawn'),
         sum(r.received_seconds), sum(r.received_moves), sum(r.screening_seconds), sum(r.screening_moves),
         sum(r.shortlisted_seconds), sum(r.shortlisted_moves), sum(r.interview_seconds), sum(r.interview_moves),
         sum(r.offered_seconds), sum(r.offered_moves)
  FROM workcred_rebuild_apps r
  CROSS JOIN LATERAL (VALUES ('company', p_company::text), ('job', r.job_id::text), ('recruiter', p_company::text || ':' || r.recruiter)) AS s (scope, scope_id)
  WHERE s.scope_id IS NOT NULL
  GROUP BY s.scope, s.scope_id, r.day, r.source_key;

  DROP TABLE workcred_rebuild_apps;
END;
$$;

-- The job a background check was requested for, copied from its application (a job never
-- changes), so the jobs table and the checks report group and filter requests without reading
-- the million applications.
ALTER TABLE check_requests ADD COLUMN job_id uuid;
UPDATE check_requests cr SET job_id = ja.job_id FROM job_applications ja WHERE ja.id = cr.application_id;
ALTER TABLE check_requests ALTER COLUMN job_id SET NOT NULL;
CREATE INDEX check_requests_company_job ON check_requests (company_id, job_id);
CREATE FUNCTION workcred_check_request_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.job_id := (SELECT job_id FROM job_applications WHERE id = NEW.application_id);
  RETURN NEW;
END;
$$;
CREATE TRIGGER check_requests_job BEFORE INSERT OR UPDATE OF application_id ON check_requests
  FOR EACH ROW EXECUTE FUNCTION workcred_check_request_job();

SELECT workcred_rebuild_hiring_analytics(id) FROM companies;
