ALTER TABLE "orders" ADD COLUMN "rate_stamp" jsonb;--> statement-breakpoint
ALTER TABLE "quote_rounds" ADD COLUMN "rate_stamp" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rate_stamp_check" CHECK ("orders"."rate_stamp" is null or jsonb_typeof("orders"."rate_stamp") = 'object');--> statement-breakpoint
ALTER TABLE "quote_rounds" ADD CONSTRAINT "quote_rounds_rate_stamp_check" CHECK ("quote_rounds"."rate_stamp" is null or ("quote_rounds"."action" in ('offer', 'counter') and jsonb_typeof("quote_rounds"."rate_stamp") = 'object'));--> statement-breakpoint
-- Hand-written (issue 28 item 5, ADR 028): a stamp records the rates in force when a quote round or an
-- order was made, so it is written with the row and never changed afterwards, whatever the application
-- does. Rows made before this migration keep a null stamp (nothing was recorded then, and a stamp
-- computed now from rates entered later would not be what the parties saw).
CREATE OR REPLACE FUNCTION rate_stamp_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.rate_stamp is written once, with the row: UPDATE refused', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER quote_rounds_rate_stamp_fixed
  BEFORE UPDATE ON quote_rounds
  FOR EACH ROW WHEN (OLD.rate_stamp IS DISTINCT FROM NEW.rate_stamp)
  EXECUTE FUNCTION rate_stamp_refuse_change();
--> statement-breakpoint
CREATE TRIGGER orders_rate_stamp_fixed
  BEFORE UPDATE ON orders
  FOR EACH ROW WHEN (OLD.rate_stamp IS DISTINCT FROM NEW.rate_stamp)
  EXECUTE FUNCTION rate_stamp_refuse_change();
