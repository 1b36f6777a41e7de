-- forum_thread_member: a thread page with the member's vote, watch and read position
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "forum_threads"."id", "forum_threads"."title", "forum_threads"."upvotes", "forum_threads"."downvotes", "forum_threads"."reply_count", "forum_threads"."is_pinned", "forum_threads"."is_locked", "forum_threads"."last_activity_at", "forum_threads"."created_at", "profiles"."id", "profiles"."username", "profiles"."avatar_url", "forum_categories"."id", "forum_categories"."name", "last_poster"."id", "last_poster"."username", exists (select 1
from "forum_thread_users" tu
where tu.user_id = $1::uuid
    and tu.thread_id = "forum_threads"."id" and tu.watching
    and "forum_threads"."last_activity_at" > coalesce(tu.last_read_at, '-infinity')), coalesce((select tu.watching
from "forum_thread_users" tu
where tu.user_id = $2::uuid and tu.thread_id = "forum_threads"."id"), false), (select tu.last_read_at::text
from "forum_thread_users" tu
where tu.user_id = $3::uuid and tu.thread_id = "forum_threads"."id"), (select tu.last_read_reply_id
from "forum_thread_users" tu
where tu.user_id = $4::uuid and tu.thread_id = "forum_threads"."id"), coalesce((select "forum_threads"."last_activity_at" > tu.last_read_at
from "forum_thread_users" tu
where tu.user_id = $5::uuid and tu.thread_id = "forum_threads"."id"), false), "forum_threads"."content", "forum_threads"."content_html", "forum_threads"."edited_at", coalesce((select "forum_votes"."value"
from "forum_votes"
where "forum_votes"."thread_id" = "forum_threads"."id" and "forum_votes"."user_id" = $6::uuid), 0)
from "forum_threads"
inner join "profiles" on "profiles"."id" = "forum_threads"."user_id"
left join "profiles" "last_poster" on "last_poster"."id" = "forum_threads"."last_poster_id"
inner join "forum_categories" on "forum_categories"."id" = "forum_threads"."category_id"
where "forum_threads"."id" = $7;
