-- search: global search (words the index answers)
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "word" from "search_words" where "search_words"."word" like $1 limit $2;

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
where true and lower("cheats"."title") like $3
        order by lower("cheats"."title") using ~<~ limit $4)
      union
      (select "cheats"."id" as "id", "cheats"."title" as "title", "cheats"."status" as "status", "cheats"."title" as rank_key
from "cheats"
where true and "cheats"."title" ilike $5
        order by "cheats"."created_at" desc nulls last, "cheats"."id" desc nulls last limit $6)
    ) candidates
    order by (lower(rank_key) = $7) desc, (lower(rank_key) like $8) desc,
      similarity(rank_key, $9) desc, rank_key
   
limit $10) r), (select coalesce(json_agg(json_build_object('id', r."id", 'username', r."username", 'avatarUrl', r."avatarUrl")), '[]'::json)
from (select *
from (
      (select "profiles"."id" as "id", "profiles"."username" as "username", "profiles"."avatar_url" as "avatarUrl", "profiles"."username" as rank_key
from "profiles"
where not "profiles"."banned" and lower("profiles"."username") = $11
limit $12)
      union
      (select "profiles"."id" as "id", "profiles"."username" as "username", "profiles"."avatar_url" as "avatarUrl", "profiles"."username" as rank_key
from "profiles"
where not "profiles"."banned" and lower("profiles"."username") like $13
        order by lower("profiles"."username") using ~<~ limit $14)
      union
      (select "profiles"."id" as "id", "profiles"."username" as "username", "profiles"."avatar_url" as "avatarUrl", "profiles"."username" as rank_key
from "profiles"
where not "profiles"."banned" and "profiles"."username" ilike $15
        order by "profiles"."created_at" desc nulls last, "profiles"."id" desc nulls last limit $16)
    ) candidates
    order by (lower(rank_key) = $17) desc, (lower(rank_key) like $18) desc,
      similarity(rank_key, $19) desc, rank_key
   
limit $20) r), (select coalesce(json_agg(json_build_object('id', r."id", 'title', r."title", 'price', r."price")), '[]'::json)
from (select *
from (
      (select "marketplace_listings"."id" as "id", "marketplace_listings"."title" as "title", "marketplace_listings"."price" as "price", "marketplace_listings"."title" as rank_key
from "marketplace_listings"
where "marketplace_listings"."status" = 'active' and lower("marketplace_listings"."title") = $21
limit $22)
      union
      (select "marketplace_listings"."id" as "id", "marketplace_listings"."title" as "title", "marketplace_listings"."price" as "price", "marketplace_listings"."title" as rank_key
from "marketplace_listings"
where "marketplace_listings"."status" = 'active' and lower("marketplace_listings"."title") like $23
        order by lower("marketplace_listings"."title") using ~<~ limit $24)
      union
      (select "marketplace_listings"."id" as "id", "marketplace_listings"."title" as "title", "marketplace_listings"."price" as "price", "marketplace_listings"."title" as rank_key
from "marketplace_listings"
where "marketplace_listings"."status" = 'active' and "marketplace_listings"."id" = any(array(select "listing_words"."listing_id"
    from unnest($25::text[]) as found(word) cross join lateral (
      select "listing_words"."listing_id" from "listing_words"
     
where ("listing_words"."word" = found.word and (select "marketplace_listings"."status" = 'active' and "marketplace_listings"."title" ilike $26
from "marketplace_listings"
where "marketplace_listings"."id" = "listing_words"."listing_id"))
     
order by "listing_words"."is_pinned" desc nulls last, "listing_words"."created_at" desc nulls last, "listing_words"."listing_id" desc nulls last
limit $27
    ) as "listing_words"))
       
order by "marketplace_listings"."is_pinned" desc nulls last, "marketplace_listings"."created_at" desc nulls last, "marketplace_listings"."id" desc nulls last
limit $28)
    ) candidates
    order by (lower(rank_key) = $29) desc, (lower(rank_key) like $30) desc,
      similarity(rank_key, $31) desc, rank_key
   
limit $32) r), (select coalesce(json_agg(json_build_object('id', r."id", 'title', r."title", 'replyCount', r."replyCount")), '[]'::json)
from (select *
from (
      (select "forum_threads"."id" as "id", "forum_threads"."title" as "title", "forum_threads"."reply_count" as "replyCount", "forum_threads"."title" as rank_key
from "forum_threads"
where true and lower("forum_threads"."title") = $33
limit $34)
      union
      (select "forum_threads"."id" as "id", "forum_threads"."title" as "title", "forum_threads"."reply_count" as "replyCount", "forum_threads"."title" as rank_key
from "forum_threads"
where true and lower("forum_threads"."title") like $35
        order by lower("forum_threads"."title") using ~<~ limit $36)
      union
      (select "forum_threads"."id" as "id", "forum_threads"."title" as "title", "forum_threads"."reply_count" as "replyCount", "forum_threads"."title" as rank_key
from "forum_threads"
where true and ("forum_threads"."title" ilike $37 or "forum_threads"."content" ilike $38)
        order by "forum_threads"."last_activity_at" desc nulls last, "forum_threads"."id" desc nulls last limit $39)
    ) candidates
    order by (lower(rank_key) = $40) desc, (lower(rank_key) like $41) desc,
      similarity(rank_key, $42) desc, rank_key
    limit $43) r) from (select) as search;
