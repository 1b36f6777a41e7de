-- search: global search (words the index answers)
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select array((select "word"
from "search_words"
where "search_words"."word" like $1
limit $2)), array(select "profiles"."id"
from "profiles"
where not "profiles"."banned" and "profiles"."username" ilike $3
order by "profiles"."created_at" desc nulls last, "profiles"."id" desc nulls last
limit $4), array(select "forum_threads"."id"
from "forum_threads"
where true and ("forum_threads"."title" ilike $5 or "forum_threads"."content" ilike $6)
order by "forum_threads"."last_activity_at" desc nulls last, "forum_threads"."id" desc nulls last
limit $7)
from (select) as search;

select (select coalesce(json_agg(json_build_object('id', r."id", 'title', r."title", 'status', r."status")), '[]'::json)
from (select *
from (
      (select "cheats"."id" as "id", "cheats"."title" as "title", "cheats"."status" as "status", "cheats"."title" as rank_key
from "cheats"
where true and lower("cheats"."title") = $1
limit $2)
      union
      (select "cheats"."id" as "id", "cheats"."title" as "title", "cheats"."status" as "status", "cheats"."title" as rank_key
from "cheats"
where true and lower("cheats"."title") ~>=~ $3
        and lower("cheats"."title") ~<~ ($4 || chr(1114111)) and lower("cheats"."title") like $5
        order by lower("cheats"."title") using ~<~ limit $6)
      union
      (select "cheats"."id" as "id", "cheats"."title" as "title", "cheats"."status" as "status", "cheats"."title" as rank_key
from "cheats"
where true and "cheats"."title" ilike $7
        order by "cheats"."created_at" desc nulls last, "cheats"."id" desc nulls last limit $8)
    ) candidates
    order by (lower(rank_key) = $9) desc, (lower(rank_key) like $10) desc,
      similarity(rank_key, $11) desc, rank_key
   
limit $12) r), (select coalesce(json_agg(json_build_object('id', r."id", 'username', r."username", 'avatarUrl', r."avatarUrl")), '[]'::json)
from (select *
from (
      (select "profiles"."id" as "id", "profiles"."username" as "username", "profiles"."avatar_url" as "avatarUrl", "profiles"."username" as rank_key
from "profiles"
where not "profiles"."banned" and lower("profiles"."username") = $13
limit $14)
      union
      (select "profiles"."id" as "id", "profiles"."username" as "username", "profiles"."avatar_url" as "avatarUrl", "profiles"."username" as rank_key
from "profiles"
where not "profiles"."banned" and lower("profiles"."username") ~>=~ $15
        and lower("profiles"."username") ~<~ ($16 || chr(1114111)) and lower("profiles"."username") like $17
        order by lower("profiles"."username") using ~<~ limit $18)
      union
      (select "profiles"."id" as "id", "profiles"."username" as "username", "profiles"."avatar_url" as "avatarUrl", "profiles"."username" as rank_key
from "profiles"
where not "profiles"."banned" and "profiles"."id" = any($19::uuid[])
        order by "profiles"."created_at" desc nulls last, "profiles"."id" desc nulls last limit $20)
    ) candidates
    order by (lower(rank_key) = $21) desc, (lower(rank_key) like $22) desc,
      similarity(rank_key, $23) desc, rank_key
   
limit $24) r), (select coalesce(json_agg(json_build_object('id', r."id", 'title', r."title", 'price', r."price")), '[]'::json)
from (select *
from (
      (select "marketplace_listings"."id" as "id", "marketplace_listings"."title" as "title", "marketplace_listings"."price" as "price", "marketplace_listings"."title" as rank_key
from "marketplace_listings"
where "marketplace_listings"."status" = 'active' and lower("marketplace_listings"."title") = $25
limit $26)
      union
      (select "marketplace_listings"."id" as "id", "marketplace_listings"."title" as "title", "marketplace_listings"."price" as "price", "marketplace_listings"."title" as rank_key
from "marketplace_listings"
where "marketplace_listings"."status" = 'active' and lower("marketplace_listings"."title") ~>=~ $27
        and lower("marketplace_listings"."title") ~<~ ($28 || chr(1114111)) and lower("marketplace_listings"."title") like $29
        order by lower("marketplace_listings"."title") using ~<~ limit $30)
      union
      (select "marketplace_listings"."id" as "id", "marketplace_listings"."title" as "title", "marketplace_listings"."price" as "price", "marketplace_listings"."title" as rank_key
from "marketplace_listings"
where "marketplace_listings"."status" = 'active' and "marketplace_listings"."id" = any(array(select "listing_words"."listing_id"
    from unnest($31::text[]) as found(word) cross join lateral (
      select "listing_words"."listing_id" from "listing_words"
     
where ("listing_words"."word" = found.word and (select "marketplace_listings"."status" = 'active' and "marketplace_listings"."title" ilike $32
from "marketplace_listings"
where "marketplace_listings"."id" = "listing_words"."listing_id"))
     
order by "listing_words"."is_pinned" desc nulls last, "listing_words"."created_at" desc nulls last, "listing_words"."listing_id" desc nulls last
limit $33
    ) as "listing_words"))
       
order by "marketplace_listings"."is_pinned" desc nulls last, "marketplace_listings"."created_at" desc nulls last, "marketplace_listings"."id" desc nulls last
limit $34)
    ) candidates
    order by (lower(rank_key) = $35) desc, (lower(rank_key) like $36) desc,
      similarity(rank_key, $37) desc, rank_key
   
limit $38) r), (select coalesce(json_agg(json_build_object('id', r."id", 'title', r."title", 'replyCount', r."replyCount")), '[]'::json)
from (select *
from (
      (select "forum_threads"."id" as "id", "forum_threads"."title" as "title", "forum_threads"."reply_count" as "replyCount", "forum_threads"."title" as rank_key
from "forum_threads"
where true and lower("forum_threads"."title") = $39
limit $40)
      union
      (select "forum_threads"."id" as "id", "forum_threads"."title" as "title", "forum_threads"."reply_count" as "replyCount", "forum_threads"."title" as rank_key
from "forum_threads"
where true and lower("forum_threads"."title") ~>=~ $41
        and lower("forum_threads"."title") ~<~ ($42 || chr(1114111)) and lower("forum_threads"."title") like $43
        order by lower("forum_threads"."title") using ~<~ limit $44)
      union
      (select "forum_threads"."id" as "id", "forum_threads"."title" as "title", "forum_threads"."reply_count" as "replyCount", "forum_threads"."title" as rank_key
from "forum_threads"
where true and "forum_threads"."id" = any($45::uuid[])
        order by "forum_threads"."last_activity_at" desc nulls last, "forum_threads"."id" desc nulls last limit $46)
    ) candidates
    order by (lower(rank_key) = $47) desc, (lower(rank_key) like $48) desc,
      similarity(rank_key, $49) desc, rank_key
    limit $50) r) from (select) as search;
