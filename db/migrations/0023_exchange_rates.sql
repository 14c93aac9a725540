CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"effective_date" date NOT NULL,
	"source" text NOT NULL,
	"origin" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_from_check" CHECK ("exchange_rates"."from_currency" in ('USD', 'INR', 'RUB', 'EUR')),
	CONSTRAINT "exchange_rates_to_check" CHECK ("exchange_rates"."to_currency" in ('USD', 'INR', 'RUB', 'EUR')),
	CONSTRAINT "exchange_rates_pair_check" CHECK ("exchange_rates"."from_currency" <> "exchange_rates"."to_currency"),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_origin_check" CHECK ("exchange_rates"."origin" in ('form', 'csv', 'cli', 'demo')),
	CONSTRAINT "exchange_rates_source_length" CHECK (char_length("exchange_rates"."source") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_pair_idx" ON "exchange_rates" USING btree ("from_currency","to_currency","effective_date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exchange_rates_created_idx" ON "exchange_rates" USING btree ("created_at" DESC NULLS LAST);