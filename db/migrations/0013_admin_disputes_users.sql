CREATE TABLE "admin_two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"message_id" uuid,
	"uploaded_by_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_type_check" CHECK ("dispute_evidence"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "dispute_evidence_size_check" CHECK ("dispute_evidence"."size_bytes" between 1 and 10485760),
	CONSTRAINT "dispute_evidence_name_check" CHECK (char_length("dispute_evidence"."file_name") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "dispute_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"author_profile_id" uuid,
	"author_admin_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_messages_kind_check" CHECK ("dispute_messages"."author_kind" in ('buyer', 'seller', 'moderator')),
	CONSTRAINT "dispute_messages_body_check" CHECK (char_length("dispute_messages"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"opened_by_id" uuid,
	"opened_by_party" text NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"resolution" text,
	"decided_by_admin_id" text,
	"decided_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_party_check" CHECK ("disputes"."opened_by_party" in ('buyer', 'seller')),
	CONSTRAINT "disputes_reason_check" CHECK ("disputes"."reason" in ('not_received', 'not_as_described', 'damaged', 'payment_issue', 'other')),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'resolved')),
	CONSTRAINT "disputes_decision_check" CHECK ("disputes"."decision" is null or "disputes"."decision" in ('release_to_seller', 'cancel_refund', 'partial_settlement', 'reject')),
	CONSTRAINT "disputes_description_check" CHECK (char_length("disputes"."description") between 1 and 5000),
	CONSTRAINT "disputes_resolution_check" CHECK ("disputes"."resolution" is null or char_length("disputes"."resolution") between 1 and 5000),
	CONSTRAINT "disputes_decided_check" CHECK (("disputes"."status" = 'resolved') = ("disputes"."decision" is not null and "disputes"."resolution" is not null and "disputes"."decided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_two_factors" ADD CONSTRAINT "admin_two_factors_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_message_id_dispute_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."dispute_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_uploaded_by_id_profiles_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_author_admin_id_admin_users_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_id_profiles_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_admin_id_admin_users_id_fk" FOREIGN KEY ("decided_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_two_factors_user_id_idx" ON "admin_two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "admin_two_factors_secret_idx" ON "admin_two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id");--> statement-breakpoint
CREATE INDEX "dispute_messages_dispute_idx" ON "dispute_messages" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_order_open_key" ON "disputes" USING btree ("order_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_account_status_created_idx" ON "profiles" USING btree ("account_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_kyc_status_created_idx" ON "profiles" USING btree ("kyc_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_company_trgm_idx" ON "profiles" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('quote_received', 'quote_countered', 'quote_accepted', 'quote_declined', 'quote_withdrawn', 'quote_not_selected', 'quote_expired', 'request_received', 'request_rejected', 'order_placed', 'order_status_changed', 'kyc_approved', 'kyc_rejected', 'dispute_opened', 'dispute_message', 'dispute_resolved'));