ALTER TABLE "profiles" ADD COLUMN "preferred_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_preferred_currency_check" CHECK ("profiles"."preferred_currency" in ('USD', 'INR', 'RUB', 'EUR'));--> statement-breakpoint
-- Backfill (hand-written): every existing profile starts in its country's currency, the rule of
-- defaultCurrencyOf (app/domain/currencies.ts): India INR, Russia RUB, anywhere else USD.
UPDATE "profiles" SET "preferred_currency" = CASE "country" WHEN 'India' THEN 'INR' WHEN 'Russia' THEN 'RUB' ELSE 'USD' END;
