-- Resized AVIF/WebP copies, made on first request and kept; width is the width served (never upscaled).
-- The primary key leads with image_id, so it also serves the ON DELETE CASCADE from images.
CREATE TABLE "image_variants" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"format" varchar(10) NOT NULL,
	"mime_type" varchar(50) NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_variants_pkey" PRIMARY KEY("image_id","width","format")
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;