CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('quote_received', 'quote_countered', 'quote_accepted', 'quote_declined', 'quote_withdrawn', 'quote_not_selected', 'quote_expired', 'request_received', 'request_rejected', 'order_placed', 'order_status_changed')),
	CONSTRAINT "notifications_email_status_check" CHECK ("notifications"."email_status" in ('pending', 'sent', 'skipped', 'failed')),
	CONSTRAINT "notifications_link_check" CHECK ("notifications"."link" ~ '^/[^/\\]' and char_length("notifications"."link") <= 500)
);
--> statement-breakpoint
ALTER TABLE "rfqs" DROP CONSTRAINT "rfqs_status_check";--> statement-breakpoint
ALTER TABLE "rfqs" DROP CONSTRAINT "rfqs_description_check";--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_status" = 'pending';--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfqs_seller_created_idx" ON "rfqs" USING btree ("seller_id","created_at" DESC NULLS LAST) WHERE "rfqs"."seller_id" is not null;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_product_seller_check" CHECK ("rfqs"."product_id" is null or "rfqs"."seller_id" is not null);--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_rejected_check" CHECK (("rfqs"."status" = 'rejected') = ("rfqs"."rejection_reason" is not null) and ("rfqs"."status" <> 'rejected' or "rfqs"."seller_id" is not null));--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_rejection_reason_check" CHECK ("rfqs"."rejection_reason" is null or char_length("rfqs"."rejection_reason") between 1 and 1000);--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_status_check" CHECK ("rfqs"."status" in ('open', 'closed', 'awarded', 'expired', 'rejected'));--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_description_check" CHECK (char_length("rfqs"."description") <= 5000 and ("rfqs"."seller_id" is not null or char_length("rfqs"."description") >= 20));