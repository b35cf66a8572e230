-- Issue 15: the plan's limit checks in one round trip each. Both run last in their transaction
-- (a refusal rolls the write back), take their lock, and then count with a fresh snapshot (a
-- VOLATILE function's statements each see what committed before them), so a concurrent write
-- that committed while this one waited for the lock is counted.

-- After a new listing: holds the company's subscription row to the commit and answers it with the
-- company's active listings (published, not deleted, not expired at p_now), counted up to one
-- past the company's own listing limit, or past p_default_cap when it has none of its own.
CREATE FUNCTION workcred_hold_listings(p_company uuid, p_now timestamptz, p_default_cap integer)
RETURNS TABLE (
  plan text,
  status text,
  trial_ends_at timestamptz,
  period_ends_at timestamptz,
  halted_at timestamptz,
  custom_listings integer,
  custom_applications integer,
  custom_checks integer,
  checks_add_on boolean,
  cancel_at_period_end boolean,
  active_listings integer
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  s company_subscriptions%ROWTYPE;
BEGIN
  SELECT * INTO s FROM company_subscriptions cs WHERE cs.company_id = p_company FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT s.plan, s.status, s.trial_ends_at, s.period_ends_at, s.halted_at, s.custom_listings, s.custom_applications, s.custom_checks, s.checks_add_on, s.cancel_at_period_end,
    (SELECT count(*)::integer FROM (
      SELECT 1 FROM job_postings j
      WHERE j.company_id = p_company AND j.status = 'published' AND NOT j.is_deleted AND (j.expires_at IS NULL OR j.expires_at > p_now)
      LIMIT coalesce(s.custom_listings, p_default_cap) + 1
    ) active);
END
$$;

-- After a new application: holds the job's row to the commit (FOR NO KEY UPDATE, which the
-- applications' own foreign-key locks do not block) and answers its applications, counted up to
-- p_cap.
CREATE FUNCTION workcred_hold_applications(p_job uuid, p_cap integer) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM job_postings j WHERE j.id = p_job FOR NO KEY UPDATE;
  RETURN (SELECT count(*)::integer FROM (SELECT 1 FROM job_applications a WHERE a.job_id = p_job LIMIT p_cap) taken);
END
$$;
