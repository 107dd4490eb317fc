CREATE TABLE "stream_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"user_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stream_messages_topic_user_idx" ON "stream_messages" USING btree ("topic","user_id","id");--> statement-breakpoint
CREATE INDEX "stream_messages_created_idx" ON "stream_messages" USING btree ("created_at");