-- A change counter for member data, like the events one (0007, 0009): bumped once per statement that
-- changes users, and announced on sg_users_cache, so every instance drops its cached
-- members-directory pages without asking the database per request.
INSERT INTO "cache_versions" ("name", "version") VALUES ('users', 0) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_users_cache_version() RETURNS trigger AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'users' RETURNING "version" INTO v;
  PERFORM pg_notify('sg_users_cache', v::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_cache_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_users_cache_version();
