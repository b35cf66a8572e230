-- Issue 14: each instance keeps resolved sessions in memory for a few seconds. Whatever changes
-- what a session may do (the session ended or refreshed, the account's role, company, suspension
-- or email, its second factors) tells every instance at once, whichever code path made the change
-- (better-auth's own sign-out included): the NOTIFY is sent on commit, with the user's id.
CREATE FUNCTION workcred_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_TABLE_NAME = 'auth_sessions' THEN
    changed := COALESCE(NEW."userId", OLD."userId");
  ELSIF TG_TABLE_NAME = 'mfa_factors' THEN
    changed := COALESCE(NEW.user_id, OLD.user_id);
  ELSE
    changed := COALESCE(NEW.id, OLD.id);
  END IF;
  PERFORM pg_notify('workcred_sessions', changed);
  RETURN NULL;
END;
$$;

CREATE TRIGGER auth_sessions_notify AFTER UPDATE OR DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION workcred_notify_session_change();
CREATE TRIGGER auth_users_notify AFTER UPDATE OR DELETE ON auth_users FOR EACH ROW EXECUTE FUNCTION workcred_notify_session_change();
CREATE TRIGGER user_profiles_notify AFTER UPDATE OR DELETE ON user_profiles FOR EACH ROW EXECUTE FUNCTION workcred_notify_session_change();
CREATE TRIGGER mfa_factors_notify AFTER INSERT OR UPDATE OR DELETE ON mfa_factors FOR EACH ROW EXECUTE FUNCTION workcred_notify_session_change();
