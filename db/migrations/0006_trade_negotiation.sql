CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_status_check" CHECK ("order_events"."status" in ('Pending', 'Accepted', 'Shipped', 'Delivered', 'Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid,
	"quote_id" uuid,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"currency" text NOT NULL,
	"total" numeric(24, 2) NOT NULL,
	"incoterm" text NOT NULL,
	"incoterm_place" text NOT NULL,
	"lead_time_days" integer NOT NULL,
	"payment_terms" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('Pending', 'Accepted', 'Shipped', 'Delivered', 'Cancelled')),
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" >= 1),
	CONSTRAINT "orders_unit_price_check" CHECK ("orders"."unit_price" >= 0),
	CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" in ('USD', 'INR', 'RUB'))
);
--> statement-breakpoint
CREATE TABLE "quote_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"author_role" text NOT NULL,
	"author_id" uuid,
	"action" text NOT NULL,
	"unit_price" numeric(14, 2),
	"quantity" integer,
	"incoterm" text,
	"incoterm_place" text,
	"lead_time_days" integer,
	"payment_terms" text,
	"expires_at" timestamp with time zone,
	"message" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_rounds_author_check" CHECK ("quote_rounds"."author_role" in ('buyer', 'seller')),
	CONSTRAINT "quote_rounds_action_check" CHECK ("quote_rounds"."action" in ('offer', 'counter', 'accept', 'decline', 'withdraw')),
	CONSTRAINT "quote_rounds_terms_check" CHECK ("quote_rounds"."action" not in ('offer', 'counter') or ("quote_rounds"."unit_price" is not null and "quote_rounds"."quantity" is not null and "quote_rounds"."incoterm" is not null and "quote_rounds"."expires_at" is not null)),
	CONSTRAINT "quote_rounds_price_check" CHECK ("quote_rounds"."unit_price" is null or "quote_rounds"."unit_price" >= 0),
	CONSTRAINT "quote_rounds_quantity_check" CHECK ("quote_rounds"."quantity" is null or "quote_rounds"."quantity" >= 1),
	CONSTRAINT "quote_rounds_message_check" CHECK ("quote_rounds"."message" is null or char_length("quote_rounds"."message") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_rounds" ADD CONSTRAINT "quote_rounds_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_rounds" ADD CONSTRAINT "quote_rounds_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_key" ON "orders" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quote_rounds_quote_round_key" ON "quote_rounds" USING btree ("quote_id","round");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_quantity_check" CHECK ("quotes"."quantity" is null or "quotes"."quantity" >= 1);