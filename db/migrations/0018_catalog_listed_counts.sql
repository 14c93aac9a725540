ALTER TABLE "products" ADD COLUMN "is_listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (ADR 017, fourth step): products.is_listed is the app's publicProduct (product active,
-- seller account active and KYC approved) kept by triggers, so that a category count reads one partial
-- index and no seller. Existing rows first, before the triggers below exist (one pass, no copies to texts).
UPDATE products p SET is_listed = true FROM profiles s
WHERE s.id = p.seller_id AND p.is_active AND s.account_status = 'active' AND s.kyc_status = 'Approved';--> statement-breakpoint
-- Lock order, for every writer: seller, then product, then texts. A seller update rewrites every product
-- of the seller (the row lock makes it wait for a product write in progress, or that write wait for it)
-- before it touches texts; a product write never waits for its seller while holding the product, except
-- when it creates the product or moves it to another seller (no concurrent seller update can hold that row yet).
CREATE FUNCTION products_listed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seller_public boolean;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.seller_id IS DISTINCT FROM OLD.seller_id THEN
    -- Not yet among the rows a running seller update rewrites: wait for it instead.
    SELECT s.account_status = 'active' AND s.kyc_status = 'Approved' INTO seller_public FROM profiles s WHERE s.id = NEW.seller_id FOR SHARE;
  ELSE
    -- A seller update running now will rewrite this row after this transaction (it waits for the row lock).
    SELECT s.account_status = 'active' AND s.kyc_status = 'Approved' INTO seller_public FROM profiles s WHERE s.id = NEW.seller_id;
  END IF;
  NEW.is_listed := coalesce(NEW.is_active AND seller_public, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_listed BEFORE INSERT OR UPDATE OF is_active, seller_id, is_listed ON products
  FOR EACH ROW EXECUTE FUNCTION products_listed();--> statement-breakpoint
-- Texts copy is_public from the product's is_listed now, and lock the product, not the seller (lock order above).
CREATE OR REPLACE FUNCTION product_translations_listing_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.is_listed, p.seller_id, p.category_id, p.subcategory_id, p.price, p.currency_rank, p.minimum_order_quantity, p.created_at
  INTO NEW.is_public, NEW.seller_id, NEW.category_id, NEW.subcategory_id, NEW.price, NEW.currency_rank, NEW.minimum_order_quantity,
    NEW.product_created_at
  FROM products p
  WHERE p.id = NEW.product_id
  FOR SHARE;
  -- A separate statement, so that after waiting for the product lock it reads the seller as committed now.
  SELECT s.country INTO NEW.seller_country FROM profiles s WHERE s.id = NEW.seller_id;
  -- No such product: the foreign key rejects the row after this trigger; say so, not "is_public is null".
  NEW.is_public := coalesce(NEW.is_public, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER product_translations_listing_copy ON product_translations;--> statement-breakpoint
CREATE TRIGGER product_translations_listing_copy BEFORE INSERT OR UPDATE OF product_id ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_listing_copy();--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_listing_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations SET
    is_public = NEW.is_listed, seller_id = NEW.seller_id, seller_country = (SELECT s.country FROM profiles s WHERE s.id = NEW.seller_id),
    category_id = NEW.category_id, subcategory_id = NEW.subcategory_id, price = NEW.price, currency_rank = NEW.currency_rank,
    minimum_order_quantity = NEW.minimum_order_quantity, product_created_at = NEW.created_at
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER products_listing_copy ON products;--> statement-breakpoint
CREATE TRIGGER products_listing_copy AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.is_listed, OLD.seller_id, OLD.category_id, OLD.subcategory_id, OLD.price, OLD.currency_rank, OLD.minimum_order_quantity, OLD.created_at)
    IS DISTINCT FROM (NEW.is_listed, NEW.seller_id, NEW.category_id, NEW.subcategory_id, NEW.price, NEW.currency_rank, NEW.minimum_order_quantity, NEW.created_at))
  EXECUTE FUNCTION products_listing_copy();--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_listing_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every product of the seller, listed or not: products_listed recomputes is_listed, and products_listing_copy
  -- copies a change to the texts. Rewriting rows whose value stays takes their locks, which orders this update
  -- after a product write in progress (and its texts), so neither misses the other's change.
  UPDATE products SET is_listed = is_active AND NEW.account_status = 'active' AND NEW.kyc_status = 'Approved' WHERE seller_id = NEW.id;
  IF OLD.country IS DISTINCT FROM NEW.country THEN
    UPDATE product_translations t SET seller_country = NEW.country FROM products p WHERE p.seller_id = NEW.id AND t.product_id = p.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE INDEX "products_listed_category_idx" ON "products" USING btree ("category_id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_listed_subcategory_idx" ON "products" USING btree ("subcategory_id","category_id") WHERE "products"."is_listed" and "products"."subcategory_id" is not null;
