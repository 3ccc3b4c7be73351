-- The back office's hash-chained audit log is append-only.
CREATE OR REPLACE FUNCTION bo_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bo_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER bo_audit_no_change BEFORE UPDATE OR DELETE ON bo_audit
  FOR EACH ROW EXECUTE FUNCTION bo_audit_append_only();
CREATE TRIGGER bo_audit_no_truncate BEFORE TRUNCATE ON bo_audit
  FOR EACH STATEMENT EXECUTE FUNCTION bo_audit_append_only();
