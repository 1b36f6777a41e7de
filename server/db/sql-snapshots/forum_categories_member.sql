-- forum_categories_member: the forum home: categories with the member's unread counts
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "forum_categories"."id", "forum_categories"."name", "forum_categories"."description", "forum_categories"."thread_count", coalesce(u.n, 0)::int
from "forum_categories"
left join (select (select t.category_id
from "forum_threads" t
where t.id = tu.thread_id
        and t.last_activity_at > coalesce(tu.last_read_at, '-infinity')) as category_id, count(*)::int as n
    from "forum_thread_users" tu
    where tu.user_id = $1::uuid and tu.watching
   
group by 1) u on u.category_id = "forum_categories"."id"
order by "forum_categories"."position", "forum_categories"."name";
