CREATE TABLE "analytics_store_versions" (
	"store_key" text NOT NULL,
	"version" integer NOT NULL,
	"object_key" text,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"schema_tag" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text NOT NULL,
	CONSTRAINT "analytics_store_versions_store_key_version_pk" PRIMARY KEY("store_key","version")
);
