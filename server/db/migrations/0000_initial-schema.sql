CREATE TYPE "public"."event_status" AS ENUM('upcoming', 'ongoing', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('registered', 'waitlisted');--> statement-breakpoint
CREATE TYPE "public"."civil_status" AS ENUM('single', 'relationship', 'divorced', 'widow');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female', 'other');--> statement-breakpoint
CREATE TYPE "public"."membership_type" AS ENUM('free', 'pro');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('member', 'admin');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'cancel_at_period_end', 'past_due', 'canceled', 'incomplete', 'unpaid');--> statement-breakpoint
CREATE TABLE "idp_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" varchar(320) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "idp_models" (
	"id" varchar(255) NOT NULL,
	"kind" varchar(50) NOT NULL,
	"payload" jsonb NOT NULL,
	"uid" varchar(255),
	"grant_id" varchar(255),
	"user_code" varchar(255),
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "idp_models_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(255) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ball_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"location" varchar(200) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"registration_deadline" timestamp with time zone,
	"max_participants" integer DEFAULT 16 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "event_status" DEFAULT 'upcoming' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"image" text,
	"image_url" text,
	"image_id" uuid,
	"registration_fee" integer DEFAULT 0 NOT NULL,
	"green_fee" integer,
	"green_fee_included" boolean DEFAULT false NOT NULL,
	"coffee_included" boolean DEFAULT false NOT NULL,
	"lunch_included" boolean DEFAULT false NOT NULL,
	CONSTRAINT "events_end_after_start" CHECK ("events"."end_time" > "events"."start_time"),
	CONSTRAINT "events_deadline_before_start" CHECK ("events"."registration_deadline" is null or "events"."registration_deadline" < "events"."start_time"),
	CONSTRAINT "events_max_participants" CHECK ("events"."max_participants" >= 4 and "events"."max_participants" % 4 = 0),
	CONSTRAINT "events_fees_non_negative" CHECK ("events"."price" >= 0 and "events"."registration_fee" >= 0 and coalesce("events"."green_fee", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_range" CHECK ("feedback"."rating" between 1 and 5),
	CONSTRAINT "feedback_comment_length" CHECK (char_length("feedback"."comment") <= 300)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(320) NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_data" "bytea" NOT NULL,
	"thumbnail_data" "bytea" NOT NULL,
	"mime_type" varchar(50) NOT NULL,
	"original_size" integer NOT NULL,
	"thumbnail_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"entity_type" varchar(20) NOT NULL,
	"entity_id" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"type" varchar(50) NOT NULL,
	"content" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text,
	"event_id" integer,
	"content" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_group_message" boolean DEFAULT false NOT NULL,
	CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") between 1 and 5000),
	CONSTRAINT "messages_target" CHECK (("messages"."is_group_message" and "messages"."event_id" is not null and "messages"."receiver_id" is null) or (not "messages"."is_group_message" and "messages"."receiver_id" is not null and "messages"."event_id" is null))
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "registration_status" DEFAULT 'registered' NOT NULL,
	"payment_status" "payment_status" DEFAULT 'pending' NOT NULL,
	"dietary_preferences" text,
	"notes" text,
	"golf_id" varchar(50),
	"handicap" numeric(3, 1),
	"group_id" integer
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" varchar(320),
	"username" varchar(100),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"full_name" varchar(201),
	"profile_image_url" text,
	"profile_image_id" uuid,
	"role" "user_role" DEFAULT 'member' NOT NULL,
	"membership_type" "membership_type" DEFAULT 'free' NOT NULL,
	"stripe_customer_id" varchar(255),
	"stripe_subscription_id" varchar(255),
	"subscription_status" "subscription_status",
	"subscription_period_end" timestamp with time zone,
	"handicap" numeric(3, 1),
	"golf_id" varchar(50),
	"club" varchar(200),
	"gender" "gender",
	"age" integer,
	"birth_date" date,
	"civil_status" "civil_status",
	"children" varchar(200),
	"profession" varchar(200),
	"dream" text,
	"life_circumstance" text,
	"location" varchar(200),
	"interests" text,
	"meetup_interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"looking_for" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_golfstar_membership" boolean DEFAULT false NOT NULL,
	"has_golfamore_card" boolean DEFAULT false NOT NULL,
	"oidc_issuer" text,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_handicap_range" CHECK ("users"."handicap" between -10 and 54),
	CONSTRAINT "users_age_range" CHECK ("users"."age" between 18 and 120)
);
--> statement-breakpoint
ALTER TABLE "ball_groups" ADD CONSTRAINT "ball_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_notifications" ADD CONSTRAINT "event_notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_notifications" ADD CONSTRAINT "event_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_group_id_ball_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ball_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_models_uid_idx" ON "idp_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "idp_models_grant_idx" ON "idp_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "idp_models_expires_idx" ON "idp_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "ball_groups_event_idx" ON "ball_groups" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_start_time_idx" ON "events" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_unique" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "images_entity_idx" ON "images" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "event_notifications_user_idx" ON "event_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_pair_idx" ON "messages" USING btree ("sender_id","receiver_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_idx" ON "messages" USING btree ("receiver_id","sender_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_event_idx" ON "messages" USING btree ("event_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id") WHERE "messages"."read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_event_user_unique" ON "event_registrations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_registrations_event_idx" ON "event_registrations" USING btree ("event_id","status","registered_at","id");--> statement-breakpoint
CREATE INDEX "event_registrations_user_idx" ON "event_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_registrations_group_idx" ON "event_registrations" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "event_registrations_registered_at_idx" ON "event_registrations" USING btree ("registered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_unique" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_customer_unique" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");