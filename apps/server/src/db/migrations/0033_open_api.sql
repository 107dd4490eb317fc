CREATE TABLE "open_api_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_id" text,
	"team_id" text,
	"req_id" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"error_code" text,
	"latency_ms" integer NOT NULL,
	"bytes" integer NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rest_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"team_id" text NOT NULL,
	"created_by" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 60 NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rest_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "rest_tokens" ADD CONSTRAINT "rest_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rest_tokens" ADD CONSTRAINT "rest_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_api_requests_created_idx" ON "open_api_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "open_api_requests_token_idx" ON "open_api_requests" USING btree ("token_id","created_at");--> statement-breakpoint
CREATE INDEX "rest_tokens_team_idx" ON "rest_tokens" USING btree ("team_id");