CREATE TABLE "cache_versions" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
