CREATE TABLE "message_conversations" (
	"user_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"last_message_id" integer NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_conversations_user_id_partner_id_pk" PRIMARY KEY("user_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "message_conversations" ADD CONSTRAINT "message_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_conversations" ADD CONSTRAINT "message_conversations_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_conversations_list_idx" ON "message_conversations" USING btree ("user_id","last_sent_at" DESC NULLS FIRST,"last_message_id" DESC NULLS FIRST);