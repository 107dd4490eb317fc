CREATE TABLE "func_cache_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"function_key" text NOT NULL,
	"version" integer NOT NULL,
	"parts" jsonb NOT NULL,
	"model" text,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "func_cache_settings" (
	"function_key" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"ttl_seconds" integer DEFAULT 3600 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "func_cache_settings_ttl_check" CHECK ("func_cache_settings"."ttl_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "func_cache_entries" ADD CONSTRAINT "func_cache_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "func_cache_entries_function_idx" ON "func_cache_entries" USING btree ("function_key","created_at");--> statement-breakpoint
CREATE INDEX "func_cache_entries_expires_idx" ON "func_cache_entries" USING btree ("expires_at");