-- Basic infos' quota (a team's plan, credits and storage used) is kept in each server's memory
-- beside the sessions (platform/session.ts, teamMemo). These triggers announce every change that
-- alters it on 'db_changes', whatever code made it: 'q:<team id>' for one team, 'q:*' when a plan
-- changed (every team on it). Identical payloads in one transaction arrive once.
CREATE TRIGGER team_credits_db_change
  AFTER INSERT OR UPDATE OR DELETE ON team_credits
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('team_id', 'q');
--> statement-breakpoint
CREATE TRIGGER team_storage_db_change
  AFTER INSERT OR UPDATE OR DELETE ON team_storage
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('team_id', 'q');
--> statement-breakpoint
CREATE TRIGGER subscriptions_db_change
  AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('team_id', 'q');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plans_change_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('db_changes', 'q:*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plans_db_change
  AFTER UPDATE OR DELETE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION plans_change_notify();
