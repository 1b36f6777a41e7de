CREATE TABLE "hooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"secret" text NOT NULL,
	"secret_masked" text NOT NULL,
	"chat_id" text,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hooks_scope_check" CHECK ("hooks"."scope" in ('seller', 'staff')),
	CONSTRAINT "hooks_kind_check" CHECK ("hooks"."kind" in ('discord', 'telegram'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "hooks" ADD CONSTRAINT "hooks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hooks_owner_idx" ON "hooks" USING btree ("scope","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('message_new', 'marketplace_new', 'order_new', 'order_completed', 'order_cancelled', 'order_update', 'ticket_reply', 'stock_low', 'detection_alert', 'forum_mention', 'forum_reply', 'content_review', 'hook_disabled'));