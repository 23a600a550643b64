-- A change counter for member data (the members directory cache), like the events one (0009).
INSERT INTO "cache_versions" ("name", "version") VALUES ('users', 0) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER users_cache_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION sg_bump_cache_version('users');
