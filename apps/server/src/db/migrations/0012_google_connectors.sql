CREATE TABLE "connector_team_leases" (
	"team_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"api" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer,
	"outcome" text NOT NULL,
	"error_code" text,
	"latency_ms" integer NOT NULL,
	"quota_cost" real DEFAULT 1 NOT NULL,
	"service" text,
	"team_id" text,
	"binding_id" text
);
--> statement-breakpoint
CREATE TABLE "google_bindings" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"project_id" text,
	"service" text NOT NULL,
	"google_sub" text NOT NULL,
	"account_name" text NOT NULL,
	"account_email" text,
	"sealed_tokens" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"scopes" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"bound_by" text,
	"bound_by_admin" boolean DEFAULT false NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"selected" jsonb,
	"selected_id" text,
	"selected_name" text,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_phase" text,
	"sync_range_start" date,
	"sync_range_end" date,
	"sync_windows_done" integer DEFAULT 0 NOT NULL,
	"sync_windows_total" integer DEFAULT 0 NOT NULL,
	"sync_rows" bigint DEFAULT 0 NOT NULL,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"sync_started_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"sync_next_attempt_at" timestamp with time zone,
	"backfilled_at" timestamp with time zone,
	"held_start" date,
	"held_end" date,
	"complete_through" date,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamic_configs" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connector_team_leases" ADD CONSTRAINT "connector_team_leases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calls" ADD CONSTRAINT "external_calls_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_bindings" ADD CONSTRAINT "google_bindings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_bindings" ADD CONSTRAINT "google_bindings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_bindings" ADD CONSTRAINT "google_bindings_bound_by_users_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_configs" ADD CONSTRAINT "dynamic_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_calls_created_idx" ON "external_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "external_calls_api_created_idx" ON "external_calls" USING btree ("api","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "google_bindings_scope_service_uq" ON "google_bindings" USING btree ("team_id",coalesce("project_id", ''),"service");--> statement-breakpoint
CREATE INDEX "google_bindings_sub_idx" ON "google_bindings" USING btree ("google_sub");--> statement-breakpoint
CREATE INDEX "google_bindings_project_idx" ON "google_bindings" USING btree ("project_id");