CREATE TABLE "function_prices" (
	"function_key" text PRIMARY KEY NOT NULL,
	"credits" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "function_prices_credits_check" CHECK ("function_prices"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "model_prices" (
	"model" text PRIMARY KEY NOT NULL,
	"input_per_million" bigint NOT NULL,
	"output_per_million" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_prices_input_check" CHECK ("model_prices"."input_per_million" >= 0),
	CONSTRAINT "model_prices_output_check" CHECK ("model_prices"."output_per_million" >= 0)
);
