CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"incoterm" text NOT NULL,
	"incoterm_place" text NOT NULL,
	"lead_time_days" integer NOT NULL,
	"payment_terms" text,
	"validity_days" integer DEFAULT 30 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"message" text,
	"status" text DEFAULT 'Quoted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_unit_price_check" CHECK ("quotes"."unit_price" >= 0),
	CONSTRAINT "quotes_currency_check" CHECK ("quotes"."currency" in ('USD', 'INR', 'RUB')),
	CONSTRAINT "quotes_moq_check" CHECK ("quotes"."min_order_quantity" >= 1),
	CONSTRAINT "quotes_incoterm_check" CHECK ("quotes"."incoterm" in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF')),
	CONSTRAINT "quotes_incoterm_place_check" CHECK (char_length("quotes"."incoterm_place") between 1 and 120),
	CONSTRAINT "quotes_lead_time_check" CHECK ("quotes"."lead_time_days" between 1 and 365),
	CONSTRAINT "quotes_payment_terms_check" CHECK ("quotes"."payment_terms" is null or char_length("quotes"."payment_terms") <= 500),
	CONSTRAINT "quotes_validity_check" CHECK ("quotes"."validity_days" between 1 and 180),
	CONSTRAINT "quotes_message_check" CHECK ("quotes"."message" is null or char_length("quotes"."message") <= 2000),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('Quoted', 'Accepted', 'Rejected', 'Expired', 'Countered', 'Withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_rfq_seller_live_key" ON "quotes" USING btree ("rfq_id","seller_id") WHERE "quotes"."status" in ('Quoted', 'Countered', 'Accepted');--> statement-breakpoint
CREATE INDEX "quotes_rfq_created_idx" ON "quotes" USING btree ("rfq_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_seller_created_idx" ON "quotes" USING btree ("seller_id","created_at" DESC NULLS LAST);