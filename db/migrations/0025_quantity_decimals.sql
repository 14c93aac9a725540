-- Hand-written (issue 28 item 2): PostgreSQL cannot change the type of a column a trigger's WHEN names, and
-- products_listing_copy (migration 0018) names products.minimum_order_quantity. It is dropped here and made
-- again, unchanged, after the columns below; its function copies the value and needs no change.
DROP TRIGGER products_listing_copy ON products;--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_moq_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_check";--> statement-breakpoint
ALTER TABLE "quote_rounds" DROP CONSTRAINT "quote_rounds_quantity_check";--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_moq_check";--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_quantity_check";--> statement-breakpoint
ALTER TABLE "rfqs" DROP CONSTRAINT "rfqs_quantity_check";--> statement-breakpoint
ALTER TABLE "product_translations" ALTER COLUMN "minimum_order_quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "stock_quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "minimum_order_quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "minimum_order_quantity" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "quote_rounds" ALTER COLUMN "quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "min_order_quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "min_order_quantity" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "rfqs" ALTER COLUMN "quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "rfqs" ALTER COLUMN "quantity" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_whole_stock_check" CHECK ("products"."unit" not in ('pieces', 'containers', 'sets', 'pairs', 'boxes', 'bags', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft') or "products"."stock_quantity" = trunc("products"."stock_quantity"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_whole_moq_check" CHECK ("products"."unit" not in ('pieces', 'containers', 'sets', 'pairs', 'boxes', 'bags', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft') or "products"."minimum_order_quantity" = trunc("products"."minimum_order_quantity"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_moq_check" CHECK ("products"."minimum_order_quantity" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_whole_quantity_check" CHECK ("orders"."unit" not in ('pieces', 'containers', 'sets', 'pairs', 'boxes', 'bags', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft') or "orders"."quantity" = trunc("orders"."quantity"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "quote_rounds" ADD CONSTRAINT "quote_rounds_quantity_check" CHECK ("quote_rounds"."quantity" is null or "quote_rounds"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_moq_check" CHECK ("quotes"."min_order_quantity" > 0);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_quantity_check" CHECK ("quotes"."quantity" is null or "quotes"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_whole_quantity_check" CHECK ("rfqs"."unit" not in ('pieces', 'containers', 'sets', 'pairs', 'boxes', 'bags', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft') or "rfqs"."quantity" = trunc("rfqs"."quantity"));--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_quantity_check" CHECK ("rfqs"."quantity" > 0);--> statement-breakpoint
-- Hand-written: the trigger dropped above, as migration 0018 made it.
CREATE TRIGGER products_listing_copy AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.is_listed, OLD.seller_id, OLD.category_id, OLD.subcategory_id, OLD.price, OLD.currency_rank, OLD.minimum_order_quantity, OLD.created_at)
    IS DISTINCT FROM (NEW.is_listed, NEW.seller_id, NEW.category_id, NEW.subcategory_id, NEW.price, NEW.currency_rank, NEW.minimum_order_quantity, NEW.created_at))
  EXECUTE FUNCTION products_listing_copy();
