-- Issue 14: the public board's keyword and location filters are substring matches (ILIKE
-- '%word%'), which no b-tree can serve: with a million jobs every search read them all. Trigram
-- indexes serve them (pg_trgm: in PostgreSQL's contrib, loaded by PGlite). Only open-able jobs are
-- indexed, as only those are searched.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX job_postings_title_trgm_idx ON job_postings USING gin (title gin_trgm_ops) WHERE status = 'published' AND NOT is_deleted;
CREATE INDEX job_postings_description_trgm_idx ON job_postings USING gin (description gin_trgm_ops) WHERE status = 'published' AND NOT is_deleted;
CREATE INDEX job_postings_location_trgm_idx ON job_postings USING gin (location gin_trgm_ops) WHERE status = 'published' AND NOT is_deleted;
CREATE INDEX companies_name_trgm_idx ON companies USING gin (name gin_trgm_ops);
