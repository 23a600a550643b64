CREATE TYPE "public"."ride_kind" AS ENUM('offer', 'request');--> statement-breakpoint
CREATE TYPE "public"."ride_passenger_status" AS ENUM('requested', 'accepted');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'ride_join_request';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'ride_accepted';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'ride_changed';--> statement-breakpoint
CREATE TABLE "ride_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"sender_id" text NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_messages_content_length" CHECK (char_length("ride_messages"."content") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "ride_passengers" (
	"ride_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" "ride_passenger_status" DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "ride_passengers_ride_id_user_id_pk" PRIMARY KEY("ride_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"kind" "ride_kind" NOT NULL,
	"from_place" varchar(60) NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"seats" integer,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rides_seats" CHECK (("rides"."kind" = 'offer' and "rides"."seats" between 1 and 8) or ("rides"."kind" = 'request' and "rides"."seats" is null))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "single_room_supplement" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rooms_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "room_mate_id" text;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "room_mixed_ok" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "room_number" integer;--> statement-breakpoint
ALTER TABLE "ride_messages" ADD CONSTRAINT "ride_messages_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_messages" ADD CONSTRAINT "ride_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_passengers" ADD CONSTRAINT "ride_passengers_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_passengers" ADD CONSTRAINT "ride_passengers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_messages_ride_idx" ON "ride_messages" USING btree ("ride_id","sent_at");--> statement-breakpoint
CREATE INDEX "ride_messages_sender_idx" ON "ride_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "ride_passengers_user_idx" ON "ride_passengers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rides_event_idx" ON "rides" USING btree ("event_id","depart_at");--> statement-breakpoint
CREATE INDEX "rides_user_idx" ON "rides" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_room_mate_id_users_id_fk" FOREIGN KEY ("room_mate_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_single_room_supplement" CHECK ("events"."single_room_supplement" is null or "events"."single_room_supplement" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_room_mate_id" CHECK ("event_registrations"."room_mate_id" is null or "event_registrations"."room_wish" = 'shared_with');