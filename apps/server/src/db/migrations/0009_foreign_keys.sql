CREATE TABLE "foreign_keys" (
	"kind" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_test_ok" boolean,
	"last_test_message" text,
	"last_test_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "foreign_keys" ADD CONSTRAINT "foreign_keys_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;