ALTER TABLE "refunds" DROP CONSTRAINT "refunds_order_id_unique";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_no" text;--> statement-breakpoint
-- Refunds made before this were full ones, confirmed at once, one per order: numbered from their id.
UPDATE "refunds" SET "refund_no" = 'R' || replace("id", '-', '');--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "refund_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refunds" SET "status" = 'succeeded', "settled_at" = "created_at";--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_idx" ON "refunds" USING btree ("order_id","request_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" >= 0);--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';
