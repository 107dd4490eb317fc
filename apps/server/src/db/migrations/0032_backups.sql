CREATE TABLE "backup_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retention" integer DEFAULT 7 NOT NULL,
	"schedule_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"key" text,
	"size_bytes" bigint,
	"duration_ms" integer,
	"manifest" jsonb,
	"error" text,
	"created_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
