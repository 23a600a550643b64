-- Courses and their tees (issue 29). A tee is a row (events will name tees by id); its ratings per
-- gender and its holes are jsonb arrays, always read and written whole and checked by common/rules/course.ts.
CREATE TABLE "course_tees" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(40) NOT NULL,
	"color" varchar(20) NOT NULL,
	"ratings" jsonb NOT NULL,
	"holes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_tees_ratings_array" CHECK (jsonb_typeof("course_tees"."ratings") = 'array'),
	CONSTRAINT "course_tees_holes_array" CHECK (jsonb_typeof("course_tees"."holes") = 'array')
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"club" varchar(100) NOT NULL,
	"location" varchar(100) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"holes" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_holes_9_or_18" CHECK ("courses"."holes" in (9, 18)),
	CONSTRAINT "courses_latitude_range" CHECK ("courses"."latitude" between -90 and 90),
	CONSTRAINT "courses_longitude_range" CHECK ("courses"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "course_tees" ADD CONSTRAINT "course_tees_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_tees_course_idx" ON "course_tees" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "course_tees_course_name_unique" ON "course_tees" USING btree ("course_id",lower("name"));--> statement-breakpoint
CREATE INDEX "courses_name_idx" ON "courses" USING btree ("name");