CREATE TYPE "public"."meet_again_choice" AS ENUM('date', 'buddy', 'no');--> statement-breakpoint
CREATE TYPE "public"."meet_again_match_kind" AS ENUM('date', 'buddy');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'meet_again_match';--> statement-breakpoint
CREATE TABLE "meet_again_answers" (
	"event_id" integer NOT NULL,
	"from_user_id" text NOT NULL,
	"about_user_id" text NOT NULL,
	"choice" "meet_again_choice" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_again_answers_pk" PRIMARY KEY("event_id","from_user_id","about_user_id"),
	CONSTRAINT "meet_again_answers_not_self" CHECK ("meet_again_answers"."from_user_id" <> "meet_again_answers"."about_user_id")
);
--> statement-breakpoint
CREATE TABLE "meet_again_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_a" text NOT NULL,
	"user_b" text NOT NULL,
	"kind" "meet_again_match_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_again_matches_order" CHECK ("meet_again_matches"."user_a" < "meet_again_matches"."user_b")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "meet_again_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "meet_again_answers" ADD CONSTRAINT "meet_again_answers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_again_answers" ADD CONSTRAINT "meet_again_answers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_again_answers" ADD CONSTRAINT "meet_again_answers_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_again_matches" ADD CONSTRAINT "meet_again_matches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_again_matches" ADD CONSTRAINT "meet_again_matches_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_again_matches" ADD CONSTRAINT "meet_again_matches_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meet_again_answers_about_idx" ON "meet_again_answers" USING btree ("about_user_id","from_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meet_again_matches_pair_unique" ON "meet_again_matches" USING btree ("event_id","user_a","user_b");--> statement-breakpoint
CREATE INDEX "meet_again_matches_user_a_idx" ON "meet_again_matches" USING btree ("user_a","created_at");--> statement-breakpoint
CREATE INDEX "meet_again_matches_user_b_idx" ON "meet_again_matches" USING btree ("user_b","created_at");