-- dm_conversation_page: a member's conversations
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "conversations"."other_id", "profiles"."username", "profiles"."avatar_url", "direct_messages"."message", "direct_messages"."sender_id", "conversations"."last_at", "conversations"."last_at"::text, "conversations"."unread"
from "conversations"
inner join "profiles" on "profiles"."id" = "conversations"."other_id"
inner join "direct_messages" on "direct_messages"."id" = "conversations"."last_message_id"
where "conversations"."owner_id" = $1
order by "conversations"."last_at" desc nulls last, "conversations"."other_id" desc nulls last
limit $2;
