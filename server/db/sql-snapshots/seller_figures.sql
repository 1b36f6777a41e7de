-- seller_figures: a seller's figures on their listing and profile
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "profiles"."vouches", "profiles"."rating_total", to_json("profiles"."created_at") #>> '{}', "completed", "disputed", "total"
from "profiles"
cross join lateral (select count(*) filter (where "status" = 'released')::int as "completed", count(*) filter (where "disputed_at" is not null)::int as "disputed", count(*)::int as "total"
from "marketplace_orders"
where "marketplace_orders"."seller_id" = "profiles"."id") "s"
where "profiles"."id" = $1;
