-- Issue 14: candidate search filters skills case-insensitively with lower_tags(skills) @> ARRAY[...]
-- (migration 0011). lower_tags is a SQL function with an aggregate, which PostgreSQL cannot inline,
-- so every profile the search checked one by one (a company's applicants, newest first) ran it as
-- a function call: about 8 µs a profile, most of a filtered search's 23 ms at ten million
-- applications. The lowered skills are now kept in a column the database writes whoever writes the
-- row, and the search and its GIN index use the column.
ALTER TABLE candidate_profiles ADD COLUMN skills_lower text[] GENERATED ALWAYS AS (lower_tags(skills)) STORED;
CREATE INDEX candidate_profiles_skills_lower_col_idx ON candidate_profiles USING gin (skills_lower);
DROP INDEX candidate_profiles_skills_lower_idx;
