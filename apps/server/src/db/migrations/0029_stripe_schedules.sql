CREATE TABLE "stripe_subscription_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"customer_id" text NOT NULL,
	"team_id" text,
	"status" text NOT NULL,
	"end_behavior" text NOT NULL,
	"current_phase_start" timestamp with time zone,
	"current_phase_end" timestamp with time zone,
	"phases" jsonb NOT NULL,
	"released_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"released_subscription" text,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_subscription_schedules_team_idx" ON "stripe_subscription_schedules" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "stripe_subscription_schedules_subscription_idx" ON "stripe_subscription_schedules" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "stripe_subscription_schedules_created_idx" ON "stripe_subscription_schedules" USING btree ("stripe_created_at");