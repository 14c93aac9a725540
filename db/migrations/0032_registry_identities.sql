CREATE TABLE "profile_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_identities_kind_check" CHECK ("profile_identities"."kind" in ('iec', 'gstin', 'pan', 'inn', 'ogrn', 'ogrnip', 'kpp')),
	CONSTRAINT "profile_identities_value_check" CHECK (("profile_identities"."kind" = 'iec' and "profile_identities"."value" ~ '^[A-Z0-9]{10}$') or ("profile_identities"."kind" = 'gstin' and "profile_identities"."value" ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$') or ("profile_identities"."kind" = 'pan' and "profile_identities"."value" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$') or ("profile_identities"."kind" = 'inn' and "profile_identities"."value" ~ '^(?:[0-9]{10}|[0-9]{12})$') or ("profile_identities"."kind" = 'ogrn' and "profile_identities"."value" ~ '^[0-9]{13}$') or ("profile_identities"."kind" = 'ogrnip' and "profile_identities"."value" ~ '^[0-9]{15}$') or ("profile_identities"."kind" = 'kpp' and "profile_identities"."value" ~ '^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$')),
	CONSTRAINT "profile_identities_verified_check" CHECK ("profile_identities"."verified_by" is null or "profile_identities"."verified_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "profile_identities" ADD CONSTRAINT "profile_identities_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_identities" ADD CONSTRAINT "profile_identities_verified_by_admin_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_identities_profile_kind_uq" ON "profile_identities" USING btree ("profile_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_identities_kind_value_uq" ON "profile_identities" USING btree ("kind","value") WHERE "profile_identities"."kind" in ('iec', 'gstin', 'pan', 'inn', 'ogrn', 'ogrnip');