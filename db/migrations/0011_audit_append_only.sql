-- The admin audit log is append-only in the database itself (issue 10, ADR 012): whatever the
-- application does, a row once written cannot be changed or removed.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed: deleting an admin account sets admin_id to null (ON DELETE SET NULL);
  -- admin_email keeps saying who acted.
  IF TG_OP = 'UPDATE' AND NEW.admin_id IS NULL AND OLD.admin_id IS NOT NULL
     AND (to_jsonb(NEW) - 'admin_id') = (to_jsonb(OLD) - 'admin_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
