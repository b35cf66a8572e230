-- Issue 12, defect 4: a UAN check with no provider configured recorded the finding "UAN checked
-- with an EPFO records provider: Not found" with a note to the candidate. It now records that
-- nothing was looked up (rule uan_no_provider, outcome not_checked); rewrite the rows already kept.
UPDATE verification_checks
SET flags = jsonb_build_array(jsonb_build_object('rule', 'uan_no_provider', 'outcome', 'not_checked', 'expected', flags -> 0 -> 'expected'))
WHERE subject = 'uan'
  AND jsonb_array_length(flags) = 1
  AND flags -> 0 ->> 'rule' = 'uan_provider'
  AND flags -> 0 ->> 'outcome' = 'missing'
  AND flags -> 0 ->> 'found' LIKE 'No UAN provider is configured%';
