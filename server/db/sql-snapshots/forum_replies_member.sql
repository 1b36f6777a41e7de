-- forum_replies_member: a thread's first page of replies, with the member's likes
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "forum_replies"."id", "forum_replies"."content", "forum_replies"."content_html", "forum_replies"."like_count", exists (select 1
from "forum_reply_likes" l
where l.reply_id = "forum_replies"."id" and l.user_id = $1::uuid), "forum_replies"."edited_at", "forum_replies"."created_at", "forum_replies"."created_at"::text, "profiles"."id", "profiles"."username", "profiles"."avatar_url"
from "forum_replies"
inner join "profiles" on "profiles"."id" = "forum_replies"."user_id"
where "forum_replies"."thread_id" = $2
order by "forum_replies"."created_at" asc nulls last, "forum_replies"."id" asc nulls last
limit 21;
