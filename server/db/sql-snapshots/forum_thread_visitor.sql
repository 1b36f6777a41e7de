-- forum_thread_visitor: a thread page, for a visitor
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "forum_threads"."id", "forum_threads"."title", "forum_threads"."upvotes", "forum_threads"."downvotes", "forum_threads"."reply_count", "forum_threads"."is_pinned", "forum_threads"."is_locked", "forum_threads"."last_activity_at", "forum_threads"."created_at", "profiles"."id", "profiles"."username", "profiles"."avatar_url", "forum_categories"."id", "forum_categories"."name", "last_poster"."id", "last_poster"."username", false, false, null::text, null::uuid, false, "forum_threads"."content", "forum_threads"."content_html", "forum_threads"."edited_at", 0
from "forum_threads"
inner join "profiles" on "profiles"."id" = "forum_threads"."user_id"
left join "profiles" "last_poster" on "last_poster"."id" = "forum_threads"."last_poster_id"
inner join "forum_categories" on "forum_categories"."id" = "forum_threads"."category_id"
where "forum_threads"."id" = $1;
