-- rate_limit_hit: one hit of a rate limit, on most writes (decision 004)
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

insert into "rate_limits" ("key", "window_start", "count")
values ($1, now(), $2)
on conflict ("key") do update
set "window_start" = case when "rate_limits"."window_start" <= now() - make_interval(secs => $3) then now() else "rate_limits"."window_start" end, "count" = case when "rate_limits"."window_start" <= now() - make_interval(secs => $4) then 1 else "rate_limits"."count" + 1 end
returning "count", greatest(1, ceil(extract(epoch
from "window_start" + make_interval(secs => $5) - now())))::int;
