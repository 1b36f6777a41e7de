CREATE TABLE "conversations" (
	"owner_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_owner_id_other_id_pk" PRIMARY KEY("owner_id","other_id"),
	CONSTRAINT "conversations_unread_not_negative" CHECK ("conversations"."unread" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_other_id_profiles_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_message_id_direct_messages_id_fk" FOREIGN KEY ("last_message_id") REFERENCES "public"."direct_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_list_idx" ON "conversations" USING btree ("owner_id","last_at" DESC NULLS LAST,"other_id" DESC NULLS LAST);--> statement-breakpoint
-- Existing messages: each side's latest visible message and unread count.
INSERT INTO "conversations" ("owner_id", "other_id", "last_message_id", "last_at", "unread")
SELECT DISTINCT ON (m.owner_id, m.other_id) m.owner_id, m.other_id, m.id, m.created_at,
       count(*) FILTER (WHERE m.unread_for_owner) OVER (PARTITION BY m.owner_id, m.other_id)
FROM (
  SELECT sender_id AS owner_id, recipient_id AS other_id, id, created_at, false AS unread_for_owner
    FROM "direct_messages" WHERE NOT deleted_by_sender
  UNION ALL
  SELECT recipient_id, sender_id, id, created_at, NOT read
    FROM "direct_messages" WHERE NOT deleted_by_recipient
) m
ORDER BY m.owner_id, m.other_id, m.created_at DESC, m.id DESC;
