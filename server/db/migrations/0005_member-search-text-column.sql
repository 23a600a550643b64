ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (sg_member_search_text(full_name, username, club, location)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Replaced by the index on the stored search_text column above (no unaccent per row on recheck).
DROP INDEX IF EXISTS "users_search_trgm_idx";
