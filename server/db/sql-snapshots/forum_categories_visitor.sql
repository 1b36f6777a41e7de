-- forum_categories_visitor: the forum home: categories
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "forum_categories"."id", "forum_categories"."name", "forum_categories"."description", "forum_categories"."thread_count", coalesce(u.n, 0)::int
from "forum_categories"
left join (select null::uuid as category_id, 0 as n
where false) u on u.category_id = "forum_categories"."id"
order by "forum_categories"."position", "forum_categories"."name";
