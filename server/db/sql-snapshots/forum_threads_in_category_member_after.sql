-- forum_threads_in_category_member_after: a category's next page of threads (pinned, activity, id cursor)
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "forum_threads"."id", "forum_threads"."title", "forum_threads"."upvotes", "forum_threads"."downvotes", "forum_threads"."reply_count", "forum_threads"."is_pinned", "forum_threads"."is_locked", "forum_threads"."last_activity_at", "forum_threads"."created_at", "profiles"."id", "profiles"."username", "profiles"."avatar_url", "forum_categories"."id", "forum_categories"."name", "last_poster"."id", "last_poster"."username", exists (select 1
from "forum_thread_users" tu
where tu.user_id = $1::uuid
    and tu.thread_id = "forum_threads"."id" and tu.watching
    and "forum_threads"."last_activity_at" > coalesce(tu.last_read_at, '-infinity')), "forum_threads"."last_activity_at"::text
from "forum_threads"
inner join "profiles" on "profiles"."id" = "forum_threads"."user_id"
left join "profiles" "last_poster" on "last_poster"."id" = "forum_threads"."last_poster_id"
inner join "forum_categories" on "forum_categories"."id" = "forum_threads"."category_id"
where ("forum_threads"."category_id" = $2 and ("forum_threads"."is_pinned" = $3 and ("forum_threads"."last_activity_at", "forum_threads"."id") < ($4::timestamptz, $5::uuid)))
order by "forum_threads"."is_pinned" desc nulls last, "forum_threads"."last_activity_at" desc nulls last, "forum_threads"."id" desc nulls last
limit 21;
