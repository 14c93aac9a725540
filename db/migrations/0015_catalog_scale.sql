ALTER TABLE "products" ADD COLUMN "currency_rank" smallint GENERATED ALWAYS AS ((case currency when 'USD' then 0 when 'INR' then 1 else 2 end)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_listing_price_asc_idx" ON "products" USING btree ("currency_rank","price","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_listing_price_desc_idx" ON "products" USING btree ("currency_rank","price" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_listing_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_listing_subcategory_idx" ON "products" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active" and "products"."subcategory_id" is not null;--> statement-breakpoint
CREATE INDEX "products_listing_seller_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_listing_moq_idx" ON "products" USING btree ("minimum_order_quantity") WHERE "products"."is_active";--> statement-breakpoint
-- Hand-written (ADR 017): pg_trgm declares its word-similarity operators as cheap as "=", so the
-- planner prefers reading every product text over the trigram index (270 ms instead of 8 ms at 20,000
-- products). Their real cost is about a hundred times an equality. Best effort: a role that does not
-- own the extension's functions keeps the default and only loses the better plan.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
  RAISE NOTICE 'pg_trgm operator costs left unchanged: %', SQLERRM;
END
$$;
