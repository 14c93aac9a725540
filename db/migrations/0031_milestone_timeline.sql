CREATE TABLE "milestone_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"milestone_id" uuid NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"actor_id" uuid,
	"bank_reference" text,
	"file_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_events_action_check" CHECK ("milestone_events"."action" in ('submit_proof', 'confirm_receipt', 'report_not_arrived', 'due_date_passed')),
	CONSTRAINT "milestone_events_status_check" CHECK ("milestone_events"."status" in ('upcoming', 'due', 'proof_submitted', 'confirmed', 'overdue', 'disputed')),
	CONSTRAINT "milestone_events_bank_reference_check" CHECK ("milestone_events"."bank_reference" is null or char_length("milestone_events"."bank_reference") between 1 and 100),
	CONSTRAINT "milestone_events_file_name_check" CHECK ("milestone_events"."file_name" is null or char_length("milestone_events"."file_name") between 1 and 255),
	CONSTRAINT "milestone_events_note_check" CHECK ("milestone_events"."note" is null or char_length("milestone_events"."note") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "milestone_reminders" (
	"milestone_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_reminders_milestone_id_stage_pk" PRIMARY KEY("milestone_id","stage"),
	CONSTRAINT "milestone_reminders_stage_check" CHECK ("milestone_reminders"."stage" in ('due_soon', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "milestone_events" ADD CONSTRAINT "milestone_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_events" ADD CONSTRAINT "milestone_events_milestone_id_order_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."order_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_events" ADD CONSTRAINT "milestone_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_reminders" ADD CONSTRAINT "milestone_reminders_milestone_id_order_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."order_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_events_order_idx" ON "milestone_events" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('quote_received', 'quote_countered', 'quote_accepted', 'quote_declined', 'quote_withdrawn', 'quote_not_selected', 'quote_expired', 'request_received', 'request_rejected', 'order_placed', 'order_status_changed', 'kyc_approved', 'kyc_rejected', 'dispute_opened', 'dispute_message', 'dispute_resolved', 'milestone_proof_submitted', 'milestone_confirmed', 'milestone_not_arrived', 'milestone_due_soon', 'milestone_overdue'));