CREATE TABLE "rfqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" text,
	"budget_min" numeric(14, 2),
	"budget_max" numeric(14, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit" text DEFAULT 'pieces' NOT NULL,
	"deadline" date,
	"location_preference" text DEFAULT 'Both' NOT NULL,
	"incoterm" text,
	"incoterm_place" text,
	"destination" text,
	"hs_code" text,
	"status" text DEFAULT 'open' NOT NULL,
	"submission_key" uuid NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfqs_budget_min_check" CHECK ("rfqs"."budget_min" is null or "rfqs"."budget_min" >= 0),
	CONSTRAINT "rfqs_budget_max_check" CHECK ("rfqs"."budget_max" is null or "rfqs"."budget_max" >= 0),
	CONSTRAINT "rfqs_budget_range_check" CHECK ("rfqs"."budget_min" is null or "rfqs"."budget_max" is null or "rfqs"."budget_max" >= "rfqs"."budget_min"),
	CONSTRAINT "rfqs_quantity_check" CHECK ("rfqs"."quantity" >= 1),
	CONSTRAINT "rfqs_currency_check" CHECK ("rfqs"."currency" in ('USD', 'INR', 'RUB', 'EUR')),
	CONSTRAINT "rfqs_location_check" CHECK ("rfqs"."location_preference" in ('India', 'Russia', 'Both')),
	CONSTRAINT "rfqs_incoterm_check" CHECK ("rfqs"."incoterm" is null or "rfqs"."incoterm" in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF')),
	CONSTRAINT "rfqs_hs_code_check" CHECK ("rfqs"."hs_code" is null or "rfqs"."hs_code" ~ '^[0-9]{4,10}$'),
	CONSTRAINT "rfqs_status_check" CHECK ("rfqs"."status" in ('open', 'closed', 'awarded', 'expired')),
	CONSTRAINT "rfqs_closed_at_check" CHECK (("rfqs"."status" = 'closed') = ("rfqs"."closed_at" is not null)),
	CONSTRAINT "rfqs_title_check" CHECK (char_length("rfqs"."title") between 5 and 200),
	CONSTRAINT "rfqs_description_check" CHECK (char_length("rfqs"."description") between 20 and 5000)
);
--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfqs_buyer_created_idx" ON "rfqs" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfqs_status_created_idx" ON "rfqs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rfqs_buyer_submission_key" ON "rfqs" USING btree ("buyer_id","submission_key");