CREATE TABLE "stripe_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"team_id" text,
	"plan_id" text,
	"order_id" text,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"interval_count" bigint NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancel_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"default_payment_method" text,
	"latest_invoice_id" text,
	"latest_invoice_number" text,
	"latest_invoice_status" text,
	"latest_invoice_amount_due" bigint,
	"latest_invoice_amount_paid" bigint,
	"latest_invoice_url" text,
	"pending_update" jsonb,
	"schedule_id" text,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_subscriptions_team_idx" ON "stripe_subscriptions" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "stripe_subscriptions_created_idx" ON "stripe_subscriptions" USING btree ("stripe_created_at");