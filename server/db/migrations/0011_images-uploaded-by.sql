-- Who uploaded each image: only the uploader may attach a pending one. Older rows stay NULL
-- (no uploader known, so nobody can claim them while pending); SET NULL keeps the images of a deleted member's uploads.
ALTER TABLE "images" ADD COLUMN "uploaded_by" text;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_uploaded_by_idx" ON "images" USING btree ("uploaded_by");