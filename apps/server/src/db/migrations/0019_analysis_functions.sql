CREATE TABLE "ai_function_versions" (
	"function_key" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_function_versions_function_key_version_pk" PRIMARY KEY("function_key","version")
);
--> statement-breakpoint
CREATE TABLE "ai_functions" (
	"key" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"current_version" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_functions_area_check" CHECK ("ai_functions"."area" in ('analysis', 'ai_table'))
);
--> statement-breakpoint
CREATE TABLE "analysis_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"function_key" text NOT NULL,
	"version" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text,
	"credits" integer,
	"error" text,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "analysis_runs_status_check" CHECK ("analysis_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ai_function_versions" ADD CONSTRAINT "ai_function_versions_function_key_ai_functions_key_fk" FOREIGN KEY ("function_key") REFERENCES "public"."ai_functions"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_runs_team_idx" ON "analysis_runs" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_runs_user_idx" ON "analysis_runs" USING btree ("user_id","team_id","created_at");