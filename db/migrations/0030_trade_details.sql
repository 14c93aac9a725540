ALTER TABLE "profiles" ADD COLUMN "registered_address" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bank_swift" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bank_bik" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bank_correspondent_account" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_registered_address_check" CHECK ("profiles"."registered_address" is null or char_length("profiles"."registered_address") between 1 and 500);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_name_check" CHECK ("profiles"."bank_name" is null or char_length("profiles"."bank_name") between 1 and 120);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_account_name_check" CHECK ("profiles"."bank_account_name" is null or char_length("profiles"."bank_account_name") between 1 and 120);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_account_number_check" CHECK ("profiles"."bank_account_number" is null or "profiles"."bank_account_number" ~ '^[A-Z0-9]{5,34}$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_swift_check" CHECK ("profiles"."bank_swift" is null or "profiles"."bank_swift" ~ '^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_ifsc_check" CHECK ("profiles"."bank_ifsc" is null or "profiles"."bank_ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_bik_check" CHECK ("profiles"."bank_bik" is null or "profiles"."bank_bik" ~ '^04\d{7}$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_correspondent_account_check" CHECK ("profiles"."bank_correspondent_account" is null or "profiles"."bank_correspondent_account" ~ '^301\d{17}$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bank_account_check" CHECK (("profiles"."bank_name" is null) = ("profiles"."bank_account_number" is null) and ("profiles"."bank_name" is null) = ("profiles"."bank_account_name" is null));