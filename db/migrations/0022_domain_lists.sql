ALTER TABLE "orders" DROP CONSTRAINT "orders_currency_check";--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_currency_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" in ('USD', 'INR', 'RUB', 'EUR'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_currency_check" CHECK ("quotes"."currency" in ('USD', 'INR', 'RUB', 'EUR'));--> statement-breakpoint
-- A country of origin stored under a withdrawn or reserved code gets its country's current code
-- (issue 27: the form offered SU beside RU, YU and CS beside RS…). XK is kept: it is in the list.
UPDATE "products" SET "attributes" = jsonb_set("attributes", '{origin}', to_jsonb(m."code"))
FROM (VALUES
  ('SU', 'RU'), ('YU', 'RS'), ('CS', 'RS'), ('ZR', 'CD'), ('TP', 'TL'), ('AN', 'CW'), ('BU', 'MM'), ('DD', 'DE'),
  ('DY', 'BJ'), ('FX', 'FR'), ('HV', 'BF'), ('NH', 'VU'), ('RH', 'ZW'), ('UK', 'GB'), ('VD', 'VN'), ('YD', 'YE'),
  ('AC', 'SH'), ('TA', 'SH'), ('CP', 'FR'), ('CQ', 'GG'), ('DG', 'IO'), ('EA', 'ES'), ('IC', 'ES')
) AS m("old", "code")
WHERE "products"."attributes" ->> 'origin' = m."old";
