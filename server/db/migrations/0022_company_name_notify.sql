-- Issue 14: a cached session carries its company's name (GET /api/me reads no row). A rename
-- tells every instance to forget the sessions of that company's people ('company:<id>').
CREATE FUNCTION workcred_notify_company_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('workcred_sessions', 'company:' || NEW.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER companies_name_notify AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION workcred_notify_company_change();
