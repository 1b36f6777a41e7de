-- dm_counterpart: a conversation thread: the other member and the blocks between the two
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "id", "username", "avatar_url", exists(select 1
from "user_blocks"
where "blocker_id" = $1::uuid and "blocked_id" = "id"), exists(select 1
from "user_blocks"
where "blocker_id" = "id" and "blocked_id" = $2::uuid)
from "profiles"
where "profiles"."id" = $3;
