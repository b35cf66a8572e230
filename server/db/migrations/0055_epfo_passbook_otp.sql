-- Issue 34: the stronger EPFO option, the OTP passbook flow. EPFO texts a code to the mobile
-- registered with the UAN; the candidate types it; the provider reads the passbook (the monthly
-- contributions per member id), which becomes the employment history.
--
-- The session is an epfo_lookups row with method 'passbook_otp', worked by the same lookup worker,
-- so its state lives in the database and any instance can take the next step:
--   sending        the worker asks the provider to send the code;
--   awaiting_code  waiting for the candidate (next_attempt_at = otp_expires_at, so the worker
--                  takes it again only to expire it);
--   checking       the candidate typed the code (otp_code holds it until the worker's claim takes
--                  it, in the same statement that clears it: the code is never kept longer);
--   reading        the code was accepted; the passbook is being read.
-- A session that stops without a decision (expired, three wrong codes, the provider unreachable,
-- the candidate cancelled) is state 'ended' with otp_end saying why, so the screen can say so.
ALTER TABLE epfo_lookups DROP CONSTRAINT epfo_lookups_state_check;
ALTER TABLE epfo_lookups ADD CONSTRAINT epfo_lookups_state_check CHECK (state IN ('queued', 'retrying', 'decided', 'cancelled', 'gave_up', 'ended'));

ALTER TABLE epfo_lookups
  ADD COLUMN method text NOT NULL DEFAULT 'uan' CHECK (method IN ('uan', 'passbook_otp')),
  ADD COLUMN otp_step text CHECK (otp_step IN ('sending', 'awaiting_code', 'checking', 'reading')),
  ADD COLUMN otp_step_at timestamptz,
  -- The provider's session (Surepass's client_id): needed by the next calls, dropped with the session.
  ADD COLUMN otp_session text CHECK (otp_session IS NULL OR length(otp_session) <= 200),
  ADD COLUMN otp_code text CHECK (otp_code IS NULL OR otp_code ~ '^[0-9]{6}$'),
  ADD COLUMN otp_masked_mobile text CHECK (otp_masked_mobile IS NULL OR length(otp_masked_mobile) <= 40),
  ADD COLUMN otp_expires_at timestamptz,
  ADD COLUMN otp_sent_at timestamptz,
  ADD COLUMN otp_sends integer NOT NULL DEFAULT 0,
  ADD COLUMN otp_wrong integer NOT NULL DEFAULT 0,
  ADD COLUMN otp_notice text CHECK (otp_notice IN ('wrong_code', 'not_checked', 'code_lost')),
  ADD COLUMN otp_end text CHECK (otp_end IN ('expired', 'too_many_wrong', 'unavailable', 'cancelled')),
  ADD CONSTRAINT epfo_lookups_otp_only_passbook CHECK (method = 'passbook_otp' OR (otp_step IS NULL AND otp_code IS NULL AND otp_session IS NULL AND otp_end IS NULL)),
  ADD CONSTRAINT epfo_lookups_otp_code_while_checking CHECK (otp_code IS NULL OR otp_step = 'checking'),
  ADD CONSTRAINT epfo_lookups_ended_says_why CHECK ((state = 'ended') = (otp_end IS NOT NULL));

-- Whatever closes a lookup (a decision, a withdrawn consent, an end) drops the code and the
-- provider's session with it: nothing of the OTP outlives the session, whichever path closed it.
CREATE FUNCTION workcred_epfo_lookups_close_otp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state NOT IN ('queued', 'retrying') THEN
    NEW.otp_code := NULL;
    NEW.otp_session := NULL;
    NEW.otp_step := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER epfo_lookups_close_otp BEFORE UPDATE OF state ON epfo_lookups
  FOR EACH ROW EXECUTE FUNCTION workcred_epfo_lookups_close_otp();

-- The hourly cap on OTP sessions a candidate starts reads this.
CREATE INDEX epfo_lookups_passbook_started ON epfo_lookups (candidate_id, requested_at) WHERE method = 'passbook_otp';

-- Each call of the OTP flow (send the code, check it, read the passbook) is metered too.
ALTER TABLE provider_calls DROP CONSTRAINT provider_calls_kind_check;
ALTER TABLE provider_calls ADD CONSTRAINT provider_calls_kind_check CHECK (kind IN ('epfo_history', 'epfo_passbook', 'digilocker'));
