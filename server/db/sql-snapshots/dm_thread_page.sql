-- dm_thread_page: a conversation thread's latest messages
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

(select "id", "sender_id", "recipient_id", "message", "read", "off_platform", "created_at", "created_at"::text as "at"
from "direct_messages"
where ("direct_messages"."sender_id" = $1 and "direct_messages"."recipient_id" = $2 and "direct_messages"."deleted_by_sender" = $3)
order by "direct_messages"."created_at" desc nulls first, "direct_messages"."id" desc nulls first
limit $4) union all (select "id", "sender_id", "recipient_id", "message", "read", "off_platform", "created_at", "created_at"::text as "at"
from "direct_messages"
where ("direct_messages"."sender_id" = $5 and "direct_messages"."recipient_id" = $6 and "direct_messages"."deleted_by_recipient" = $7)
order by "direct_messages"."created_at" desc nulls first, "direct_messages"."id" desc nulls first
limit $8)
order by "created_at" desc, "id" desc 
limit $9;
