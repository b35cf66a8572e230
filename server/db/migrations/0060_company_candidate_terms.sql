-- Issue 36 §2: an employer finds one of the company's candidates by name, email, phone or
-- candidate ID, as they type, in a company with a million applicants. The search reads terms kept
-- per (company, candidate), one row per term, in a btree ordered by (company, term): a typed
-- prefix is one range of the index, read in order and stopped after the page, however common the
-- prefix and however large the platform. (A trigram GIN index cannot stop early: it builds the
-- whole bitmap of a short prefix's matches first, and needs btree_gin, an extension more, to
-- include the company.)
--
-- A term is its kind and its text, lowered: 'n:' each word of the name, 'e:' the email, 'p:' the
-- phone's digits (an Indian number without its +91, which people rarely type). The candidate ID
-- is looked up exactly on candidate_profiles' own unique index. Terms compare byte by byte
-- (COLLATE "C"), so a prefix's range is [prefix, prefix || U+10FFFF) on both databases.
--
-- A name's term row carries the whole name's words (name_key, ' priya sharma'), in the index: "pri
-- sha" reads the range of its longest word and checks the other words on the same index entry,
-- rather than joining a second range (measured: a hash join of both ranges, 1.2 s p95 at 100,000
-- candidates of one company; the checked range alone, under 15 ms at two million).
CREATE TABLE company_candidate_terms (
  company_id uuid NOT NULL,
  term text COLLATE "C" NOT NULL,
  candidate_id text NOT NULL,
  name_key text
);
CREATE INDEX company_candidate_terms_search_idx ON company_candidate_terms (company_id, term, candidate_id) INCLUDE (name_key);
-- A candidate's terms, to replace them.
CREATE INDEX company_candidate_terms_candidate_idx ON company_candidate_terms (candidate_id, company_id);

-- The terms of a person. Words are split at ASCII spaces and punctuation (the server splits a
-- query the same way: server/features/pipeline/candidate-query.ts); other characters, Devanagari
-- and accented letters included, stay in the word.
CREATE FUNCTION workcred_name_words(p_name text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(left(word, 100)), '{}') FROM regexp_split_to_table(lower(coalesce(p_name, '')), '[^a-z0-9\u0080-\uffff]+') AS word WHERE word <> ''
$$;
CREATE FUNCTION workcred_candidate_search_terms(p_name text, p_email text, p_phone text) RETURNS TABLE (term text, name_key text) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT 'n:' || word, left(' ' || array_to_string(words, ' '), 400)
  FROM (SELECT workcred_name_words(p_name) AS words) AS n, unnest(n.words) AS word
  UNION ALL
  SELECT 'e:' || left(lower(btrim(p_email)), 254), NULL WHERE coalesce(btrim(p_email), '') <> ''
  UNION ALL
  SELECT 'p:' || CASE WHEN btrim(p_phone) LIKE '+91%' THEN substr(digits, 3) ELSE digits END, NULL
  FROM (SELECT regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g') AS digits) AS d WHERE digits <> ''
$$;

-- Kept with the company's applicant rows (migration 0047), a statement at a time: the rows are
-- replaced (deleted, then inserted) whenever an application is made or removed, a job deleted or
-- restored, and rebuilt in bulk by workcred_rebuild_company_candidates. Those paths lock the
-- candidate's user_profiles row before reading (workcred_lock_candidates), so the name read here is
-- the committed one, and a rename waits for them or they for it.
CREATE FUNCTION workcred_company_candidate_terms_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_candidate_terms (company_id, term, candidate_id, name_key)
  SELECT n.company_id, t.term, n.candidate_id, t.name_key
  FROM new_rows n
  JOIN user_profiles up ON up.id = n.candidate_id
  CROSS JOIN LATERAL workcred_candidate_search_terms(up.full_name, up.email, up.phone) AS t;
  RETURN NULL;
END;
$$;
CREATE TRIGGER company_candidates_terms_insert AFTER INSERT ON company_candidates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workcred_company_candidate_terms_on_insert();

CREATE FUNCTION workcred_company_candidate_terms_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM company_candidate_terms t USING old_rows o WHERE t.candidate_id = o.candidate_id AND t.company_id = o.company_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER company_candidates_terms_delete AFTER DELETE ON company_candidates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workcred_company_candidate_terms_on_delete();

-- A name, email or phone changed (or erased): the person's terms in every company they applied to.
CREATE FUNCTION workcred_company_candidate_terms_on_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM company_candidate_terms WHERE candidate_id = NEW.id;
  INSERT INTO company_candidate_terms (company_id, term, candidate_id, name_key)
  SELECT cc.company_id, t.term, cc.candidate_id, t.name_key
  FROM company_candidates cc CROSS JOIN workcred_candidate_search_terms(NEW.full_name, NEW.email, NEW.phone) AS t
  WHERE cc.candidate_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER user_profiles_company_candidate_terms AFTER UPDATE OF full_name, email, phone ON user_profiles
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION workcred_company_candidate_terms_on_profile();

-- The terms of every applicant row there is (the same statement as the insert trigger's).
INSERT INTO company_candidate_terms (company_id, term, candidate_id, name_key)
SELECT cc.company_id, t.term, cc.candidate_id, t.name_key
FROM company_candidates cc
JOIN user_profiles up ON up.id = cc.candidate_id
CROSS JOIN LATERAL workcred_candidate_search_terms(up.full_name, up.email, up.phone) AS t;
