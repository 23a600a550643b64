CREATE TABLE "event_contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"hole" smallint NOT NULL,
	"gender" varchar(10),
	"winner_user_id" text NOT NULL,
	"measure" varchar(40),
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_contests_type" CHECK ("event_contests"."type" in ('closest_to_pin', 'longest_drive')),
	CONSTRAINT "event_contests_hole_range" CHECK ("event_contests"."hole" between 1 and 18)
);
--> statement-breakpoint
CREATE TABLE "event_results_final" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"finalized_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_by" text,
	"automatic" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_of_merit_rules" (
	"season" integer PRIMARY KEY NOT NULL,
	"points_per_position" jsonb NOT NULL,
	"best_of" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"hole" smallint NOT NULL,
	"had_old" boolean NOT NULL,
	"old_strokes" smallint,
	"new_strokes" smallint,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"after_final" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_sign_offs" (
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"signed_by" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_sign_offs_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"hole" smallint NOT NULL,
	"strokes" smallint,
	"entered_at" timestamp with time zone NOT NULL,
	"entered_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scores_hole_range" CHECK ("scores"."hole" between 1 and 18),
	CONSTRAINT "scores_strokes_range" CHECK ("scores"."strokes" is null or "scores"."strokes" between 1 and 15)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "male_tee_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "female_tee_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "scoring_format" varchar(20);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "handicap_allowance" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "leaderboard_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_contests" ADD CONSTRAINT "event_contests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contests" ADD CONSTRAINT "event_contests_winner_user_id_users_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contests" ADD CONSTRAINT "event_contests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_results_final" ADD CONSTRAINT "event_results_final_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_results_final" ADD CONSTRAINT "event_results_final_finalized_by_users_id_fk" FOREIGN KEY ("finalized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_of_merit_rules" ADD CONSTRAINT "order_of_merit_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sign_offs" ADD CONSTRAINT "score_sign_offs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sign_offs" ADD CONSTRAINT "score_sign_offs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sign_offs" ADD CONSTRAINT "score_sign_offs_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_contests_event_idx" ON "event_contests" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "score_changes_event_idx" ON "score_changes" USING btree ("event_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scores_event_user_hole_unique" ON "scores" USING btree ("event_id","user_id","hole");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_male_tee_id_course_tees_id_fk" FOREIGN KEY ("male_tee_id") REFERENCES "public"."course_tees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_female_tee_id_course_tees_id_fk" FOREIGN KEY ("female_tee_id") REFERENCES "public"."course_tees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_handicap_allowance" CHECK ("events"."handicap_allowance" between 1 and 100);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_scoring_needs_format" CHECK ("events"."course_id" is null or "events"."scoring_format" in ('stableford', 'stroke_net', 'stroke_gross'));