CREATE TABLE "stripe_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text,
	"order_id" text,
	"order_num" text,
	"team_id" text,
	"amount" bigint NOT NULL,
	"amount_received" bigint NOT NULL,
	"amount_refunded" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"failure_message" text,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_payment_intents_created_idx" ON "stripe_payment_intents" USING btree ("stripe_created_at");--> statement-breakpoint
CREATE INDEX "stripe_payment_intents_order_idx" ON "stripe_payment_intents" USING btree ("order_id");