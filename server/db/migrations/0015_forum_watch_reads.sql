CREATE TABLE "forum_reply_likes" (
	"reply_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_reply_likes_reply_id_user_id_pk" PRIMARY KEY("reply_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_thread_users" (
	"user_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"watching" boolean DEFAULT false NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_read_reply_id" uuid,
	CONSTRAINT "forum_thread_users_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "forum_replies" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "last_poster_id" uuid;--> statement-breakpoint
ALTER TABLE "forum_reply_likes" ADD CONSTRAINT "forum_reply_likes_reply_id_forum_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."forum_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reply_likes" ADD CONSTRAINT "forum_reply_likes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_users" ADD CONSTRAINT "forum_thread_users_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_users" ADD CONSTRAINT "forum_thread_users_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_reply_likes_user_idx" ON "forum_reply_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_thread_users_watchers_idx" ON "forum_thread_users" USING btree ("thread_id") WHERE "forum_thread_users"."watching";--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_last_poster_id_profiles_id_fk" FOREIGN KEY ("last_poster_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_forum_reply_unread_key" ON "notifications" USING btree ("user_id",("data" ->> 'threadId')) WHERE "notifications"."type" = 'forum_reply' and "notifications"."read" = false;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_like_count_check" CHECK ("forum_replies"."like_count" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('message_new', 'marketplace_new', 'order_new', 'order_completed', 'order_cancelled', 'order_update', 'ticket_reply', 'stock_low', 'detection_alert', 'forum_mention', 'forum_reply'));--> statement-breakpoint
-- Hand-written backfill: the last poster of every existing thread, and its author and repliers watching it,
-- read up to its last activity (no flood of unread threads on the first visit after the upgrade).
UPDATE "forum_threads" t SET "last_poster_id" = coalesce((SELECT r."user_id" FROM "forum_replies" r WHERE r."thread_id" = t."id" ORDER BY r."created_at" DESC, r."id" DESC LIMIT 1), t."user_id");--> statement-breakpoint
INSERT INTO "forum_thread_users" ("user_id", "thread_id", "watching", "last_read_at")
SELECT w."user_id", t."id", true, t."last_activity_at" FROM "forum_threads" t
JOIN (SELECT "user_id", "id" AS "thread_id" FROM "forum_threads" UNION SELECT "user_id", "thread_id" FROM "forum_replies") w ON w."thread_id" = t."id"
ON CONFLICT DO NOTHING;
