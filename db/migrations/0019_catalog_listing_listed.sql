-- ADR 017, fifth step: the listing indexes cover listed products (products.is_listed, kept by the
-- triggers of 0018) instead of active ones, so a listing page and its count read no seller unless they
-- filter by the seller's country. Same names, same columns; only the predicate changes.
DROP INDEX "products_listing_newest_idx";--> statement-breakpoint
DROP INDEX "products_listing_price_asc_idx";--> statement-breakpoint
DROP INDEX "products_listing_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_listing_category_idx";--> statement-breakpoint
DROP INDEX "products_listing_subcategory_idx";--> statement-breakpoint
DROP INDEX "products_listing_seller_idx";--> statement-breakpoint
DROP INDEX "products_listing_moq_idx";--> statement-breakpoint
DROP INDEX "products_listing_category_price_idx";--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_listing_price_asc_idx" ON "products" USING btree ("currency_rank","price","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_listing_price_desc_idx" ON "products" USING btree ("currency_rank","price" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_listing_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_listing_subcategory_idx" ON "products" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_listed" and "products"."subcategory_id" is not null;--> statement-breakpoint
CREATE INDEX "products_listing_seller_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_listing_moq_idx" ON "products" USING btree ("minimum_order_quantity") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_listing_category_price_idx" ON "products" USING btree ("category_id","currency_rank","price","minimum_order_quantity") WHERE "products"."is_listed";