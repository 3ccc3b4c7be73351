-- The identity audit log is append-only.
CREATE OR REPLACE FUNCTION identity_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'identity_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER identity_audit_no_change BEFORE UPDATE OR DELETE ON identity_audit
  FOR EACH ROW EXECUTE FUNCTION identity_audit_append_only();
CREATE TRIGGER identity_audit_no_truncate BEFORE TRUNCATE ON identity_audit
  FOR EACH STATEMENT EXECUTE FUNCTION identity_audit_append_only();
