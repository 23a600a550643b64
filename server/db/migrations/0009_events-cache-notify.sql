-- The bump also announces the new version on channel sg_events_cache, so every server
-- instance drops its cached GET /api/events answer without asking the database per request.
CREATE OR REPLACE FUNCTION bump_events_cache_version() RETURNS trigger AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'events' RETURNING "version" INTO v;
  PERFORM pg_notify('sg_events_cache', v::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
