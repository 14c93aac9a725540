ALTER TABLE "orders" ALTER COLUMN "incoterm" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "incoterm_place" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "lead_time_days" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submission_key" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_submission_key" ON "orders" USING btree ("buyer_id","submission_key");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_check" CHECK (("orders"."shipping_method" is null) = ("orders"."shipping_price" is null) and ("orders"."shipping_price" is null) = ("orders"."shipping_currency" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_price_check" CHECK ("orders"."shipping_price" is null or "orders"."shipping_price" >= 0);