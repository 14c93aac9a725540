CREATE TABLE "order_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"share" numeric(5, 2) NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"currency" text NOT NULL,
	"event" text NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"before_shipment" boolean NOT NULL,
	"due_on" date,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"bank_reference" text,
	"proof_storage_key" text,
	"proof_file_name" text,
	"proof_content_type" text,
	"proof_size_bytes" integer,
	"proof_submitted_at" timestamp with time zone,
	"proof_submitted_by" uuid,
	"seller_note" text,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_milestones_status_check" CHECK ("order_milestones"."status" in ('upcoming', 'due', 'proof_submitted', 'confirmed', 'overdue', 'disputed')),
	CONSTRAINT "order_milestones_event_check" CHECK ("order_milestones"."event" in ('order_accepted', 'proforma_issued', 'shipped', 'delivered')),
	CONSTRAINT "order_milestones_currency_check" CHECK ("order_milestones"."currency" in ('USD', 'INR', 'RUB', 'EUR')),
	CONSTRAINT "order_milestones_position_check" CHECK ("order_milestones"."position" between 1 and 6),
	CONSTRAINT "order_milestones_share_check" CHECK ("order_milestones"."share" > 0 and "order_milestones"."share" <= 100),
	CONSTRAINT "order_milestones_amount_check" CHECK ("order_milestones"."amount" >= 0),
	CONSTRAINT "order_milestones_offset_check" CHECK ("order_milestones"."offset_days" between 0 and 365),
	CONSTRAINT "order_milestones_due_on_check" CHECK (("order_milestones"."status" = 'upcoming') = ("order_milestones"."due_on" is null)),
	CONSTRAINT "order_milestones_bank_reference_check" CHECK ("order_milestones"."bank_reference" is null or char_length("order_milestones"."bank_reference") between 1 and 100),
	CONSTRAINT "order_milestones_seller_note_check" CHECK ("order_milestones"."seller_note" is null or char_length("order_milestones"."seller_note") between 1 and 1000),
	CONSTRAINT "order_milestones_proof_whole_check" CHECK (num_nonnulls("order_milestones"."proof_storage_key", "order_milestones"."proof_file_name", "order_milestones"."proof_content_type", "order_milestones"."proof_size_bytes", "order_milestones"."proof_submitted_at") in (0, 5)),
	CONSTRAINT "order_milestones_proof_submitted_check" CHECK ("order_milestones"."status" <> 'proof_submitted' or ("order_milestones"."proof_storage_key" is not null and "order_milestones"."bank_reference" is not null)),
	CONSTRAINT "order_milestones_confirmed_check" CHECK (("order_milestones"."status" = 'confirmed') = ("order_milestones"."confirmed_at" is not null)),
	CONSTRAINT "order_milestones_proof_type_check" CHECK ("order_milestones"."proof_content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "order_milestones_proof_size_check" CHECK ("order_milestones"."proof_size_bytes" between 1 and 10485760),
	CONSTRAINT "order_milestones_proof_name_check" CHECK (char_length("order_milestones"."proof_file_name") between 1 and 255)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "quote_rounds" ADD COLUMN "payment_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "order_milestones" ADD CONSTRAINT "order_milestones_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_milestones" ADD CONSTRAINT "order_milestones_proof_submitted_by_profiles_id_fk" FOREIGN KEY ("proof_submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_milestones" ADD CONSTRAINT "order_milestones_confirmed_by_profiles_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_milestones_order_position_key" ON "order_milestones" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_milestones_status_due_idx" ON "order_milestones" USING btree ("status","due_on") WHERE "order_milestones"."due_on" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_schedule_check" CHECK ("orders"."payment_schedule" is null or jsonb_typeof("orders"."payment_schedule") = 'object');--> statement-breakpoint
ALTER TABLE "quote_rounds" ADD CONSTRAINT "quote_rounds_payment_schedule_check" CHECK ("quote_rounds"."payment_schedule" is null or jsonb_typeof("quote_rounds"."payment_schedule") = 'object');--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payment_schedule_check" CHECK ("quotes"."payment_schedule" is null or jsonb_typeof("quotes"."payment_schedule") = 'object');