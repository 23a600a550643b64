-- Bumps cache_versions.events once per statement that changes events or their registrations,
-- so cached GET /api/events answers (every server instance) are rebuilt after any change.
INSERT INTO "cache_versions" ("name", "version") VALUES ('events', 0) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_events_cache_version() RETURNS trigger AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'events';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER events_cache_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_events_cache_version();
--> statement-breakpoint
CREATE TRIGGER event_registrations_cache_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_events_cache_version();
