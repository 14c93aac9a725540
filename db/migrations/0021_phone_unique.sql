ALTER TABLE "profiles" ADD COLUMN "phone_number_normalized" text;--> statement-breakpoint
-- Hand-written (ADR 022, phone numbers are unique): the one definition of "the same phone number".
-- Digits only, with the country code: "+91 98200 45123", "0091 98200-45123" and, for an account in
-- India, "098200 45123" or "98200 45123" all read 919820045123; for an account in Russia a national
-- "8 495 123-45-67" or "495 123 45 67" reads 74951234567. Empty or no number: null (not compared).
CREATE FUNCTION setu_normalize_phone(phone text, country text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN d = '' THEN NULL
    WHEN btrim(phone) LIKE '+%' THEN d
    WHEN d LIKE '00%' THEN substr(d, 3)
    WHEN country = 'India' AND length(d) = 10 THEN '91' || d
    WHEN country = 'India' AND length(d) = 11 AND d LIKE '0%' THEN '91' || substr(d, 2)
    WHEN country = 'Russia' AND length(d) = 10 THEN '7' || d
    WHEN country = 'Russia' AND length(d) = 11 AND d LIKE '8%' THEN '7' || substr(d, 2)
    ELSE d
  END
  FROM (SELECT regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') AS d) AS digits
$$;--> statement-breakpoint
-- Existing rows, before the trigger and the index exist. Where accounts already share a number, the
-- oldest account keeps it as its own and the others are left out of the rule (null) until they change
-- their number or country: nobody's stored number is changed, and the migration cannot fail on them.
UPDATE profiles p SET phone_number_normalized = n.normalized
FROM (
  SELECT id, setu_normalize_phone(phone_number, country) AS normalized,
    row_number() OVER (
      PARTITION BY setu_normalize_phone(phone_number, country), user_id IS NOT NULL
      ORDER BY created_at, id
    ) AS holder
  FROM profiles
) n
WHERE n.id = p.id AND n.normalized IS NOT NULL AND (p.user_id IS NULL OR n.holder = 1);--> statement-breakpoint
-- Every writer (registration, profile setup and editing, the seed, plain SQL) gets the column from the
-- trigger; a write that does not change the number or the country keeps what is stored (so an account
-- left out above can still save its name), and nobody can set the column to anything else.
CREATE FUNCTION profiles_phone_normalized() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.phone_number IS DISTINCT FROM OLD.phone_number OR NEW.country IS DISTINCT FROM OLD.country THEN
    NEW.phone_number_normalized := setu_normalize_phone(NEW.phone_number, NEW.country);
  ELSE
    NEW.phone_number_normalized := OLD.phone_number_normalized;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_phone_normalized BEFORE INSERT OR UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_phone_normalized();--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_phone_number_normalized_uq" ON "profiles" USING btree ("phone_number_normalized") WHERE "profiles"."user_id" is not null;
