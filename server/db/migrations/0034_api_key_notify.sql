-- Issue 16: each instance keeps looked-up API keys in memory for a few seconds. Revoking a key (or
-- any change to what it may do, or deleting it) tells every instance at once, on commit, with
-- the key's hash, so a revoked key is refused everywhere from that moment. Writing last_used_at
-- tells no one.
CREATE FUNCTION workcred_notify_api_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('workcred_api_keys', OLD.secret_hash);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_notify AFTER UPDATE OF revoked_at, expires_at, scopes, company_id, created_by, secret_hash OR DELETE ON api_keys
FOR EACH ROW EXECUTE FUNCTION workcred_notify_api_key_change();
