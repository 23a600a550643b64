-- One bump function for every change counter: the trigger's argument names the cache_versions row;
-- the new version is announced on channel sg_<name>_cache, so every server instance drops its
-- cached answers without asking the database per request (server/db/change-watch.ts).
CREATE OR REPLACE FUNCTION sg_bump_cache_version() RETURNS trigger AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0] RETURNING "version" INTO v;
  PERFORM pg_notify('sg_' || TG_ARGV[0] || '_cache', v::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_cache_version_bump ON "events";
--> statement-breakpoint
DROP TRIGGER IF EXISTS event_registrations_cache_version_bump ON "event_registrations";
--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_events_cache_version();
--> statement-breakpoint
CREATE TRIGGER events_cache_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION sg_bump_cache_version('events');
--> statement-breakpoint
CREATE TRIGGER event_registrations_cache_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION sg_bump_cache_version('events');
