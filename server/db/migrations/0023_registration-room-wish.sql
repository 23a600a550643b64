CREATE TYPE "public"."room_wish" AS ENUM('single', 'shared', 'shared_with');--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "room_wish" "room_wish";--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "room_mate_name" varchar(100);--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_room_mate" CHECK (("event_registrations"."room_wish" is not distinct from 'shared_with') = ("event_registrations"."room_mate_name" is not null));