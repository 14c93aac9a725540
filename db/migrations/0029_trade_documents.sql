CREATE TABLE "trade_document_counters" (
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "trade_document_counters_seller_id_kind_year_pk" PRIMARY KEY("seller_id","kind","year"),
	CONSTRAINT "trade_document_counters_kind_check" CHECK ("trade_document_counters"."kind" in ('proforma', 'commercial_invoice', 'packing_list'))
);
--> statement-breakpoint
CREATE TABLE "trade_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"version" integer NOT NULL,
	"languages" text NOT NULL,
	"sha256" text NOT NULL,
	"source_sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_documents_kind_check" CHECK ("trade_documents"."kind" in ('proforma', 'commercial_invoice', 'packing_list')),
	CONSTRAINT "trade_documents_version_check" CHECK ("trade_documents"."version" >= 1),
	CONSTRAINT "trade_documents_size_check" CHECK ("trade_documents"."size_bytes" >= 1),
	CONSTRAINT "trade_documents_sha256_check" CHECK ("trade_documents"."sha256" ~ '^[0-9a-f]{64}$' and "trade_documents"."source_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "trade_document_counters" ADD CONSTRAINT "trade_document_counters_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_documents" ADD CONSTRAINT "trade_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_documents" ADD CONSTRAINT "trade_documents_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_documents_order_kind_version_key" ON "trade_documents" USING btree ("order_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_documents_seller_number_version_key" ON "trade_documents" USING btree ("seller_id","number","version");--> statement-breakpoint
CREATE INDEX "trade_documents_order_idx" ON "trade_documents" USING btree ("order_id","created_at");