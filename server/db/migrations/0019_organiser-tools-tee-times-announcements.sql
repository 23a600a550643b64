CREATE TYPE "public"."announcement_audience" AS ENUM('all', 'registered', 'waitlisted', 'unpaid', 'checked_in');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'event_announcement' BEFORE 'payment_received';--> statement-breakpoint
CREATE TABLE "ball_group_together" (
	"event_id" integer NOT NULL,
	"user_a" text NOT NULL,
	"user_b" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ball_group_together_pk" PRIMARY KEY("event_id","user_a","user_b"),
	CONSTRAINT "ball_group_together_ordered" CHECK ("ball_group_together"."user_a" < "ball_group_together"."user_b")
);
--> statement-breakpoint
CREATE TABLE "event_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"audience" "announcement_audience" NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"posted_to_chat" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ball_groups" ADD COLUMN "starting_hole" integer;--> statement-breakpoint
ALTER TABLE "ball_group_together" ADD CONSTRAINT "ball_group_together_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ball_group_together" ADD CONSTRAINT "ball_group_together_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ball_group_together" ADD CONSTRAINT "ball_group_together_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ball_group_together" ADD CONSTRAINT "ball_group_together_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_announcements_event_idx" ON "event_announcements" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "ball_groups" ADD CONSTRAINT "ball_groups_starting_hole" CHECK ("ball_groups"."starting_hole" is null or "ball_groups"."starting_hole" between 1 and 18);