CREATE TABLE "product_views" (
	"product_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "product_views_product_id_visitor_key_day_pk" PRIMARY KEY("product_id","visitor_key","day")
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_sku_unique";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_translations_language_slug_key" ON "product_translations" USING btree ("language_code","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_seller_sku_key" ON "products" USING btree ("seller_id","sku");