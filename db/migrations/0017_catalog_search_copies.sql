DROP INDEX "product_translations_search_idx";--> statement-breakpoint
DROP INDEX "product_translations_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "seller_country" text;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "subcategory_id" text;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "currency_rank" smallint;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "minimum_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "product_created_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (ADR 017, third step): the listing fields a search filters and sorts on are copied onto
-- each product text, kept by triggers so that every writer (seller, admin, KYC, orders, seeds, plain
-- SQL) keeps them in step in its own transaction. The public rule is the app's publicProduct: product
-- active, seller account active and KYC approved. Each trigger reads the seller row FOR SHARE, so a
-- concurrent seller update waits (or is waited for) and the copy is computed from committed values.
CREATE FUNCTION product_translations_listing_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- The seller row first, as on insert: a product edit replaces its texts (delete, then insert), and a
    -- seller update running meanwhile rewrites them; taking the seller lock before the delete makes one
    -- wait for the other instead of each waiting for the other (a deadlock).
    PERFORM 1 FROM products p JOIN profiles s ON s.id = p.seller_id WHERE p.id = OLD.product_id FOR SHARE OF s;
    RETURN OLD;
  END IF;
  SELECT p.is_active AND s.account_status = 'active' AND s.kyc_status = 'Approved', p.seller_id, s.country, p.category_id,
    p.subcategory_id, p.price, p.currency_rank, p.minimum_order_quantity, p.created_at
  INTO NEW.is_public, NEW.seller_id, NEW.seller_country, NEW.category_id, NEW.subcategory_id, NEW.price, NEW.currency_rank,
    NEW.minimum_order_quantity, NEW.product_created_at
  FROM products p JOIN profiles s ON s.id = p.seller_id
  WHERE p.id = NEW.product_id
  FOR SHARE OF s;
  -- No such product: the foreign key rejects the row after this trigger; say so, not "is_public is null".
  NEW.is_public := coalesce(NEW.is_public, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_translations_listing_copy BEFORE INSERT OR UPDATE OF product_id OR DELETE ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_listing_copy();--> statement-breakpoint
CREATE FUNCTION products_listing_copy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seller profiles%ROWTYPE;
BEGIN
  SELECT * INTO seller FROM profiles WHERE id = NEW.seller_id FOR SHARE;
  UPDATE product_translations SET
    is_public = NEW.is_active AND seller.account_status = 'active' AND seller.kyc_status = 'Approved',
    seller_id = NEW.seller_id, seller_country = seller.country, category_id = NEW.category_id,
    subcategory_id = NEW.subcategory_id, price = NEW.price, currency_rank = NEW.currency_rank,
    minimum_order_quantity = NEW.minimum_order_quantity, product_created_at = NEW.created_at
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only when a copied field changes: stock and view counts change far more often and copy nothing.
CREATE TRIGGER products_listing_copy AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.is_active, OLD.seller_id, OLD.category_id, OLD.subcategory_id, OLD.price, OLD.currency_rank, OLD.minimum_order_quantity, OLD.created_at)
    IS DISTINCT FROM (NEW.is_active, NEW.seller_id, NEW.category_id, NEW.subcategory_id, NEW.price, NEW.currency_rank, NEW.minimum_order_quantity, NEW.created_at))
  EXECUTE FUNCTION products_listing_copy();--> statement-breakpoint
CREATE FUNCTION profiles_listing_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations t SET
    is_public = p.is_active AND NEW.account_status = 'active' AND NEW.kyc_status = 'Approved',
    seller_country = NEW.country
  FROM products p
  WHERE p.seller_id = NEW.id AND t.product_id = p.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_listing_copy AFTER UPDATE ON profiles FOR EACH ROW
  WHEN ((OLD.account_status, OLD.kyc_status, OLD.country) IS DISTINCT FROM (NEW.account_status, NEW.kyc_status, NEW.country))
  EXECUTE FUNCTION profiles_listing_copy();--> statement-breakpoint
-- Existing texts, before the indexes below are built (one pass instead of index updates row by row).
UPDATE product_translations t SET
  is_public = p.is_active AND s.account_status = 'active' AND s.kyc_status = 'Approved',
  seller_id = p.seller_id, seller_country = s.country, category_id = p.category_id, subcategory_id = p.subcategory_id,
  price = p.price, currency_rank = p.currency_rank, minimum_order_quantity = p.minimum_order_quantity,
  product_created_at = p.created_at
FROM products p JOIN profiles s ON s.id = p.seller_id
WHERE p.id = t.product_id;--> statement-breakpoint
CREATE INDEX "product_translations_search_0_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 0;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_0_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 0;--> statement-breakpoint
CREATE INDEX "product_translations_search_1_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 1;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_1_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 1;--> statement-breakpoint
CREATE INDEX "product_translations_search_2_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 2;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_2_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 2;--> statement-breakpoint
CREATE INDEX "product_translations_search_3_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 3;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_3_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 3;--> statement-breakpoint
CREATE INDEX "product_translations_search_4_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 4;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_4_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 4;--> statement-breakpoint
CREATE INDEX "product_translations_search_5_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 5;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_5_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 5;--> statement-breakpoint
CREATE INDEX "product_translations_search_6_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 6;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_6_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 6;--> statement-breakpoint
CREATE INDEX "product_translations_search_7_idx" ON "product_translations" USING gin ("search_vector") WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 7;--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_7_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE (get_byte(uuid_send("product_translations"."product_id"), 15) % 8) = 7;