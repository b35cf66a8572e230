-- Issue 33, B5: freshers and campus hires have no UAN until their first employer's payroll makes
-- one. "I don't have a UAN yet" finishes the registration's UAN step; saving a UAN later clears it.
ALTER TABLE candidate_profiles ADD COLUMN no_uan_at timestamptz;

-- Issue 33, B5: the phone verified by a code at registration is the phone check, done: it was
-- shown as "Pending · Give consent and verify". From now on the code records the check
-- (server/features/verification/phone-check.ts); here, the candidates who verified before. The
-- time is the newest code they used, or the profile's last change when no code is kept.
INSERT INTO verification_checks (candidate_id, subject, status, decided_by, decided_at, flags, verified_fields)
SELECT u.id, 'phone', 'verified', 'algorithm',
  coalesce((SELECT max(p.consumed_at) FROM phone_verification_codes p WHERE p.user_id = u.id AND p.phone = u.phone), u.updated_at),
  '[{"rule": "phone_code", "outcome": "match"}]'::jsonb, ARRAY['phone']
FROM user_profiles u
WHERE u.role = 'candidate' AND u.mobile_verified AND u.phone IS NOT NULL
ON CONFLICT ON CONSTRAINT verification_checks_one_per_subject DO NOTHING;
