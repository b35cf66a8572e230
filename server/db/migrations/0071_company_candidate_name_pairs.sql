-- Issue 36 §2: two name prefixes ("pri sha") at ten million applications. Migration 0060 read the
-- range of the longest word ('n:pri', every Priya, Priyanka and Pritam of the company) and checked
-- the other words on each entry's name_key: when the pair is rare among the range (one surname in
-- eighty) it read thousands of entries for a page of twenty, a p95 of 16.7 ms against the goal
-- of 15 at two million candidates of one company.
--
-- A name now also has a term per ordered pair of its words: 'm:' the first letter of one word, a
-- space, and another word whole ('m:s priya', 'm:p sharma' for Priya Sharma). "pri sha" reads the
-- range 'm:s pri': only people with a word beginning 'pri' and another beginning 's', so about one
-- entry in seven passes the check of 'sha' on name_key, not one in eighty. A query word that begins
-- the longest word (the 'pri' of "priya pri") needs no check; when that leaves no other word, the
-- 'n:' range of the longest word answers alone, unchecked.
--
-- Pairs are made among a name's first six words (at most thirty terms); a name of more words has
-- one 'm*' term as well, and a query of several words also reads the company's 'm*' entries (few:
-- names of seven words and more), checking every word on name_key. The 'n:' terms no longer carry
-- name_key: only the pairs and 'm*' are checked.
CREATE OR REPLACE FUNCTION workcred_candidate_search_terms(p_name text, p_email text, p_phone text) RETURNS TABLE (term text, name_key text) LANGUAGE sql IMMUTABLE AS $$
  WITH n AS (SELECT w.words, left(' ' || array_to_string(w.words, ' '), 400) AS name_key FROM (SELECT workcred_name_words(p_name) AS words) AS w)
  SELECT DISTINCT 'n:' || word, NULL::text FROM n, unnest(n.words) AS word
  UNION ALL
  SELECT DISTINCT 'm:' || left(a.word, 1) || ' ' || b.word, n.name_key
  FROM n, unnest(n.words[1:6]) WITH ORDINALITY AS a(word, i), unnest(n.words[1:6]) WITH ORDINALITY AS b(word, j)
  WHERE a.i <> b.j
  UNION ALL
  SELECT 'm*', n.name_key FROM n WHERE cardinality(n.words) > 6
  UNION ALL
  SELECT 'e:' || left(lower(btrim(p_email)), 254), NULL WHERE coalesce(btrim(p_email), '') <> ''
  UNION ALL
  SELECT 'p:' || CASE WHEN btrim(p_phone) LIKE '+91%' THEN substr(digits, 3) ELSE digits END, NULL
  FROM (SELECT regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g') AS digits) AS d WHERE digits <> ''
$$;

-- Every applicant row's terms again, as migration 0060 first wrote them.
DELETE FROM company_candidate_terms;
INSERT INTO company_candidate_terms (company_id, term, candidate_id, name_key)
SELECT cc.company_id, t.term, cc.candidate_id, t.name_key
FROM company_candidates cc
JOIN user_profiles up ON up.id = cc.candidate_id
CROSS JOIN LATERAL workcred_candidate_search_terms(up.full_name, up.email, up.phone) AS t;
