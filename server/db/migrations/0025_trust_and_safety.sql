CREATE TABLE "review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"reasons" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ip_address" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"result_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_items_kind_check" CHECK (kind in ('forum_thread', 'forum_reply', 'social_post', 'direct_message')),
	CONSTRAINT "review_items_status_check" CHECK (status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "show_online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trust_level" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trust_level_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "off_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "referenced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_status_created_idx" ON "review_items" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_items_author_idx" ON "review_items" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_idx" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
-- Uploads already stored count at their size and stay: only images uploaded from now on may be swept unused.
UPDATE "uploads" SET "bytes" = octet_length("data"), "referenced_at" = "created_at";--> statement-breakpoint
-- Before the grouping indexes: of several unread mentions in one thread (or alerts about one target), the
-- newest stays unread.
UPDATE "notifications" n SET "read" = true
WHERE n."read" = false AND n."type" = 'forum_mention' AND EXISTS (
  SELECT 1 FROM "notifications" m
  WHERE m."user_id" = n."user_id" AND m."type" = 'forum_mention' AND m."read" = false
    AND m."data" ->> 'threadId' = n."data" ->> 'threadId' AND (m."created_at", m."id") > (n."created_at", n."id")
);--> statement-breakpoint
UPDATE "notifications" n SET "read" = true
WHERE n."read" = false AND n."type" = 'detection_alert' AND EXISTS (
  SELECT 1 FROM "notifications" m
  WHERE m."user_id" = n."user_id" AND m."type" = 'detection_alert' AND m."read" = false
    AND coalesce(m."data" ->> 'cheatId', m."data" ->> 'listingId') = coalesce(n."data" ->> 'cheatId', n."data" ->> 'listingId')
    AND (m."created_at", m."id") > (n."created_at", n."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_forum_mention_unread_key" ON "notifications" USING btree ("user_id",("data" ->> 'threadId')) WHERE "notifications"."type" = 'forum_mention' and "notifications"."read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_detection_alert_unread_key" ON "notifications" USING btree ("user_id",coalesce("data" ->> 'cheatId', "data" ->> 'listingId')) WHERE "notifications"."type" = 'detection_alert' and "notifications"."read" = false;--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unreferenced_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."referenced_at" is null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_trust_level_check" CHECK ("profiles"."trust_level" in ('new', 'member', 'trusted'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('message_new', 'marketplace_new', 'order_new', 'order_completed', 'order_cancelled', 'order_update', 'ticket_reply', 'stock_low', 'detection_alert', 'forum_mention', 'forum_reply', 'content_review'));