ALTER TABLE "credit_ledger" ADD COLUMN "note_key" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "note_params" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "locale" text;