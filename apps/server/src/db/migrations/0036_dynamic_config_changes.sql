CREATE TABLE "dynamic_config_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rollback_of" text
);
--> statement-breakpoint
ALTER TABLE "dynamic_config_changes" ADD CONSTRAINT "dynamic_config_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dynamic_config_changes_key_at" ON "dynamic_config_changes" USING btree ("key","changed_at");