-- Handpick (issue 7 point 3): skills are stored as the candidate typed them, and searched
-- case-insensitively. lower_tags() gives the lower-cased copy the search compares with
-- (`lower_tags(skills) @> ARRAY['react', 'sql']`), and the GIN index over it answers that
-- without reading every profile. IMMUTABLE so it can be indexed: lower() depends only on the
-- database's collation, which never changes under a database.
CREATE FUNCTION lower_tags(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(tag)), '{}') FROM unnest(tags) AS tag $$;

CREATE INDEX candidate_profiles_skills_lower_idx ON candidate_profiles USING gin (lower_tags(skills));

-- The search's sort orders over a company's many applicants: read in order and stop after a page,
-- instead of sorting every applicant (the user_id breaks ties so pages never overlap).
CREATE INDEX candidate_profiles_experience_desc_idx ON candidate_profiles (experience_years DESC NULLS LAST, user_id);
CREATE INDEX candidate_profiles_experience_asc_idx ON candidate_profiles (experience_years ASC NULLS LAST, user_id);
CREATE INDEX candidate_profiles_notice_idx ON candidate_profiles (notice_period_days ASC NULLS LAST, user_id);
CREATE INDEX candidate_profiles_expected_pay_idx ON candidate_profiles (expected_pay_lakh ASC NULLS LAST, user_id);
-- "Most recent application first": walk the applications newest first and stop after a page.
CREATE INDEX job_applications_recent_idx ON job_applications (created_at DESC, id DESC);
