CREATE TABLE "ai_column_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"column_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"model" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_column_runs_status_check" CHECK ("ai_column_runs"."status" in ('running', 'paused', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "ai_table_cells" (
	"row_id" text NOT NULL,
	"column_id" text NOT NULL,
	"table_id" text NOT NULL,
	"status" text NOT NULL,
	"value" jsonb,
	"error" text,
	"prompt_version" integer,
	"run_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_table_cells_row_id_column_id_pk" PRIMARY KEY("row_id","column_id"),
	CONSTRAINT "ai_table_cells_status_check" CHECK ("ai_table_cells"."status" in ('empty', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ai_table_columns" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"position" integer NOT NULL,
	"prompt" text,
	"output" text,
	"labels" jsonb,
	"prompt_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_table_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"source" jsonb NOT NULL,
	"source_label" text NOT NULL,
	"row_count" integer NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_column_runs" ADD CONSTRAINT "ai_column_runs_table_id_ai_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."ai_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_column_runs" ADD CONSTRAINT "ai_column_runs_column_id_ai_table_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."ai_table_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_table_cells" ADD CONSTRAINT "ai_table_cells_row_id_ai_table_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."ai_table_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_table_cells" ADD CONSTRAINT "ai_table_cells_column_id_ai_table_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."ai_table_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_table_columns" ADD CONSTRAINT "ai_table_columns_table_id_ai_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."ai_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_table_rows" ADD CONSTRAINT "ai_table_rows_table_id_ai_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."ai_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_tables" ADD CONSTRAINT "ai_tables_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_tables" ADD CONSTRAINT "ai_tables_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_column_runs_table_idx" ON "ai_column_runs" USING btree ("table_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_column_runs_live_idx" ON "ai_column_runs" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "ai_table_cells_run_idx" ON "ai_table_cells" USING btree ("run_id","status");--> statement-breakpoint
CREATE INDEX "ai_table_cells_table_idx" ON "ai_table_cells" USING btree ("table_id");--> statement-breakpoint
CREATE INDEX "ai_table_columns_table_idx" ON "ai_table_columns" USING btree ("table_id","position");--> statement-breakpoint
CREATE INDEX "ai_table_rows_table_idx" ON "ai_table_rows" USING btree ("table_id","position");--> statement-breakpoint
CREATE INDEX "ai_tables_team_idx" ON "ai_tables" USING btree ("team_id","created_at");