CREATE TYPE "public"."waitlist_mode" AS ENUM('auto', 'offer');--> statement-breakpoint
CREATE TYPE "public"."attendance" AS ENUM('present', 'no_show');--> statement-breakpoint
ALTER TYPE "public"."registration_status" ADD VALUE 'offered';--> statement-breakpoint
ALTER TYPE "public"."registration_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "registration_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"provider_refund_id" varchar(255),
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_refunds_amount_positive" CHECK ("registration_refunds"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "event_registrations_event_user_unique";--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "mode" varchar(20) DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "registration_id" integer;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "payment_intent_id" varchar(64);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_mode" "waitlist_mode" DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "late_cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "pay_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "amount_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "attendance" "attendance";--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "payment_intent_id" varchar(255);--> statement-breakpoint
ALTER TABLE "registration_refunds" ADD CONSTRAINT "registration_refunds_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_refunds" ADD CONSTRAINT "registration_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_refunds_registration_idx" ON "registration_refunds" USING btree ("registration_id");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_event_user_live_unique" ON "event_registrations" USING btree ("event_id","user_id") WHERE "event_registrations"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "event_registrations_offer_expiry_idx" ON "event_registrations" USING btree ("offer_expires_at") WHERE "event_registrations"."offer_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD CONSTRAINT "test_checkout_sessions_mode" CHECK ("test_checkout_sessions"."mode" in ('subscription', 'payment'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancellation_deadline_before_start" CHECK ("events"."cancellation_deadline" is null or "events"."cancellation_deadline" < "events"."start_time");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waitlist_offer_hours" CHECK ("events"."waitlist_offer_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_late_cancellation_fee" CHECK ("events"."late_cancellation_fee" >= 0);--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_amounts" CHECK ("event_registrations"."amount_due" >= 0 and "event_registrations"."amount_paid" >= 0 and "event_registrations"."amount_refunded" >= 0 and "event_registrations"."amount_refunded" <= "event_registrations"."amount_paid");