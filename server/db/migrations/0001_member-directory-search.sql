-- Members directory search (spec §2 'Members directory', decisions: filtered and paged on the server).
-- Case- and accent-insensitive substring search over full name, username, club and location,
-- kept fast at 100,000 members by a trigram (GIN) index over the normalised text.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); an index needs an IMMUTABLE wrapper
-- that names the dictionary explicitly so search_path does not matter.
CREATE OR REPLACE FUNCTION sg_search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- The searchable text of one member; queries must call exactly this to use the index.
CREATE OR REPLACE FUNCTION sg_member_search_text(full_name text, username text, club text, location text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.sg_search_normalize(coalesce(full_name, '') || ' ' || coalesce(username, '') || ' ' || coalesce(club, '') || ' ' || coalesce(location, '')) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users
  USING gin (sg_member_search_text(full_name, username, club, location) gin_trgm_ops);--> statement-breakpoint
-- Directory order (name, then id as tie-breaker) so a page is an index range, not a sort of every member.
CREATE INDEX IF NOT EXISTS users_directory_order_idx ON users (full_name, id);--> statement-breakpoint
-- Handicap bands of the directory filter.
CREATE INDEX IF NOT EXISTS users_handicap_idx ON users (handicap);
