-- What a bearer token resolves to (session, user, current team), a user's unread messages, role
-- grants and translations are kept in each server's memory. These triggers announce every change
-- that alters them on the channel 'db_changes' (platform/change-feed.ts), whatever code made the
-- change, so every instance drops what it kept. Payloads: 'u:<user id>', 't:<team id>',
-- 'v:<version key>', '*' (too many to name); identical payloads in one transaction arrive once.
CREATE OR REPLACE FUNCTION db_change_notify() RETURNS trigger AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('db_changes', TG_ARGV[1] || ':' || (changed ->> TG_ARGV[0]));
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (changed ->> TG_ARGV[0]) THEN
    PERFORM pg_notify('db_changes', TG_ARGV[1] || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Any change to a user: the session carries their name, role, ban, current team and settings.
CREATE TRIGGER users_db_change
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('id', 'u');
--> statement-breakpoint
CREATE TRIGGER sessions_db_change
  AFTER UPDATE OF token, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('user_id', 'u');
--> statement-breakpoint
CREATE TRIGGER team_members_db_change
  AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('user_id', 'u');
--> statement-breakpoint
CREATE TRIGGER teams_db_change
  AFTER UPDATE OF name, owner_id, personal OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('id', 't');
--> statement-breakpoint
-- The version counters (grants, translations, help tags): bumped in the changing transaction.
CREATE TRIGGER versions_db_change
  AFTER INSERT OR UPDATE ON versions
  FOR EACH ROW EXECUTE FUNCTION db_change_notify('key', 'v');
--> statement-breakpoint
-- The unread messages basic infos shows are kept with the session too. A send to many users in
-- one statement says '*' rather than naming each user.
CREATE OR REPLACE FUNCTION inbox_change_notify() RETURNS trigger AS $$
DECLARE
  touched int;
  recipient text;
BEGIN
  SELECT count(DISTINCT user_id) INTO touched FROM changed_rows;
  IF touched > 100 THEN
    PERFORM pg_notify('db_changes', '*');
  ELSE
    FOR recipient IN SELECT DISTINCT user_id FROM changed_rows LOOP
      PERFORM pg_notify('db_changes', 'u:' || recipient);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER inbox_insert_db_change
  AFTER INSERT ON inbox_messages REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbox_change_notify();
--> statement-breakpoint
CREATE TRIGGER inbox_update_db_change
  AFTER UPDATE ON inbox_messages REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbox_change_notify();
--> statement-breakpoint
CREATE TRIGGER inbox_delete_db_change
  AFTER DELETE ON inbox_messages REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbox_change_notify();
