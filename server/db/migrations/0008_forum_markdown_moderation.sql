CREATE TABLE "forum_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"reply_id" uuid,
	"editor_id" uuid,
	"title" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "forum_threads_category_activity_idx";--> statement-breakpoint
ALTER TABLE "forum_replies" ADD COLUMN "content_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows written before Markdown keep showing as the plain text they were: escaped, line breaks kept.
UPDATE "forum_replies" SET "content_html" = '<p>' || replace(replace(replace(replace(replace(replace("content", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'), E'\n', '<br>') || '</p>';--> statement-breakpoint
ALTER TABLE "forum_replies" ALTER COLUMN "content_html" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "content_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows written before Markdown keep showing as the plain text they were: escaped, line breaks kept.
UPDATE "forum_threads" SET "content_html" = '<p>' || replace(replace(replace(replace(replace(replace("content", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'), E'\n', '<br>') || '</p>';--> statement-breakpoint
ALTER TABLE "forum_threads" ALTER COLUMN "content_html" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "is_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "is_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_revisions" ADD CONSTRAINT "forum_revisions_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_revisions" ADD CONSTRAINT "forum_revisions_reply_id_forum_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."forum_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_revisions" ADD CONSTRAINT "forum_revisions_editor_id_profiles_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_revisions_thread_idx" ON "forum_revisions" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_revisions_reply_idx" ON "forum_revisions" USING btree ("reply_id","created_at") WHERE "forum_revisions"."reply_id" is not null;--> statement-breakpoint
CREATE INDEX "forum_threads_category_pinned_activity_idx" ON "forum_threads" USING btree ("category_id","is_pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_activity_idx" ON "forum_threads" USING btree ("last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_title_trgm_idx" ON "forum_threads" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forum_threads_content_trgm_idx" ON "forum_threads" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forum_threads_title_lower_idx" ON "forum_threads" USING btree (lower("title") text_pattern_ops);