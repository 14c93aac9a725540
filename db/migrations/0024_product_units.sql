ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'pieces' NOT NULL;--> statement-breakpoint
-- Issue 28: a product's unit was free text in attributes.unit (the demo data's 'tonne', 'kg', 'carat'...);
-- it becomes a column from the unit list, and the attribute goes. A unit the list does not know is a piece.
UPDATE "products" SET
  "unit" = CASE lower(btrim("attributes"->>'unit'))
    WHEN 'piece' THEN 'pieces' WHEN 'pieces' THEN 'pieces' WHEN 'pcs' THEN 'pieces' WHEN 'license' THEN 'pieces'
    WHEN 'kg' THEN 'kg' WHEN 'kilogram' THEN 'kg' WHEN 'kilograms' THEN 'kg'
    WHEN 'tonne' THEN 'tonnes' WHEN 'tonnes' THEN 'tonnes' WHEN 'ton' THEN 'tonnes' WHEN 'tons' THEN 'tonnes' WHEN 't' THEN 'tonnes' WHEN 'mt' THEN 'tonnes'
    WHEN 'g' THEN 'g' WHEN 'gram' THEN 'g' WHEN 'grams' THEN 'g'
    WHEN 'carat' THEN 'carats' WHEN 'carats' THEN 'carats' WHEN 'ct' THEN 'carats'
    WHEN 'litre' THEN 'litres' WHEN 'litres' THEN 'litres' WHEN 'liter' THEN 'litres' WHEN 'liters' THEN 'litres' WHEN 'l' THEN 'litres'
    WHEN 'metre' THEN 'metres' WHEN 'metres' THEN 'metres' WHEN 'meter' THEN 'metres' WHEN 'meters' THEN 'metres' WHEN 'm' THEN 'metres'
    WHEN 'm2' THEN 'm2' WHEN 'sqm' THEN 'm2' WHEN 'm3' THEN 'm3' WHEN 'cbm' THEN 'm3'
    WHEN 'set' THEN 'sets' WHEN 'sets' THEN 'sets' WHEN 'pair' THEN 'pairs' WHEN 'pairs' THEN 'pairs'
    WHEN 'box' THEN 'boxes' WHEN 'boxes' THEN 'boxes' WHEN 'bag' THEN 'bags' WHEN 'bags' THEN 'bags'
    WHEN 'carton' THEN 'cartons' WHEN 'cartons' THEN 'cartons' WHEN 'pallet' THEN 'pallets' WHEN 'pallets' THEN 'pallets'
    WHEN 'bale' THEN 'bales' WHEN 'bales' THEN 'bales' WHEN 'barrel' THEN 'barrels' WHEN 'barrels' THEN 'barrels'
    WHEN 'container' THEN 'containers' WHEN 'containers' THEN 'containers'
    ELSE 'pieces'
  END,
  "attributes" = "attributes" - 'unit'
WHERE "attributes" ? 'unit';
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit" text DEFAULT 'pieces' NOT NULL;
--> statement-breakpoint
-- An order counts in its RFQ's unit, or its product's for a direct order.
UPDATE "orders" SET "unit" = "rfqs"."unit" FROM "rfqs" WHERE "orders"."rfq_id" = "rfqs"."id";
--> statement-breakpoint
UPDATE "orders" SET "unit" = "products"."unit" FROM "products" WHERE "orders"."rfq_id" IS NULL AND "orders"."product_id" = "products"."id";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('pieces', 'kg', 'tonnes', 'litres', 'metres', 'm2', 'm3', 'containers', 'sets', 'pairs', 'boxes', 'carats', 'g', 'kl', 'bags', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_unit_check" CHECK ("orders"."unit" in ('pieces', 'kg', 'tonnes', 'litres', 'metres', 'm2', 'm3', 'containers', 'sets', 'pairs', 'boxes', 'carats', 'g', 'kl', 'bags', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft'));--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_unit_check" CHECK ("rfqs"."unit" in ('pieces', 'kg', 'tonnes', 'litres', 'metres', 'm2', 'm3', 'containers', 'sets', 'pairs', 'boxes', 'carats', 'g', 'kl', 'bags', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft'));