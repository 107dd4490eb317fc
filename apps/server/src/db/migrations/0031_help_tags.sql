CREATE TABLE "help_tag_styles" (
	"key" text PRIMARY KEY NOT NULL,
	"icon_kind" text NOT NULL,
	"icon_color" text NOT NULL,
	"icon_size" integer NOT NULL,
	"popover_width" integer NOT NULL,
	"popover_placement" text NOT NULL,
	"popover_trigger" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_tags" (
	"id" text PRIMARY KEY NOT NULL,
	"page_path" text NOT NULL,
	"element_id" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_tag_styles" ADD CONSTRAINT "help_tag_styles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_tags" ADD CONSTRAINT "help_tags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_tags_page_element_unique" ON "help_tags" USING btree ("page_path","element_id");