ALTER TABLE "inbox_messages" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "title_params" jsonb;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "body_key" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "body_params" jsonb;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "email_subject" text;