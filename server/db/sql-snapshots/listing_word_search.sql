-- listing_word_search: a marketplace search the word index answers (decision 031)
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "word" from "search_words" where "search_words"."word" like $1 limit $2;

select "marketplace_listings"."id", "marketplace_listings"."user_id", "marketplace_listings"."title", "marketplace_listings"."description", "marketplace_listings"."price", "marketplace_listings"."image_url", "marketplace_listings"."game", "marketplace_listings"."type", "marketplace_listings"."features", "marketplace_listings"."requirements", "marketplace_listings"."detection_status", "marketplace_listings"."content_link", "marketplace_listings"."status", "marketplace_listings"."delivery_kind", "marketplace_listings"."stock", "marketplace_listings"."low_stock_threshold", "marketplace_listings"."low_stock_warned", "marketplace_listings"."is_pinned", "marketplace_listings"."sold_to", "marketplace_listings"."sold_at", "marketplace_listings"."created_at", "marketplace_listings"."updated_at", "marketplace_listings"."created_at"::text, "profiles"."id", "profiles"."username", "profiles"."avatar_url", "profiles"."vouches", "profiles"."rating_total", "user_ranks"."name", "user_ranks"."color", "buyer"."id", "buyer"."username", "buyer"."avatar_url"
from "marketplace_listings"
inner join "profiles" on "profiles"."id" = "marketplace_listings"."user_id"
left join "user_ranks" on "user_ranks"."id" = "profiles"."rank_id"
left join "profiles" "buyer" on "buyer"."id" = "marketplace_listings"."sold_to"
where ("marketplace_listings"."status" in ($1, $2) and "marketplace_listings"."id" = any(array((select "listing_words"."listing_id"
    from unnest($3::text[]) as found(word) cross join lateral (
      select "listing_words"."listing_id" from "listing_words"
     
where ("listing_words"."word" = found.word and (select ("marketplace_listings"."status" in ($4, $5) and ("marketplace_listings"."title" ilike $6 or "marketplace_listings"."description" ilike $7))
from "marketplace_listings"
where "marketplace_listings"."id" = "listing_words"."listing_id"))
     
order by "listing_words"."is_pinned" desc nulls last, "listing_words"."created_at" desc nulls last, "listing_words"."listing_id" desc nulls last
limit $8
    ) as "listing_words") union all (select "marketplace_listings"."id" from "profiles" cross join lateral (
      select *
from "marketplace_listings"
where ("marketplace_listings"."status" in ($9, $10) and "marketplace_listings"."user_id" = "profiles"."id")
order by "marketplace_listings"."is_pinned" desc nulls last, "marketplace_listings"."created_at" desc nulls last, "marketplace_listings"."id" desc nulls last
limit $11
    ) as "marketplace_listings"
   
where "profiles"."username" ilike $12
order by "marketplace_listings"."is_pinned" desc nulls last, "marketplace_listings"."created_at" desc nulls last, "marketplace_listings"."id" desc nulls last
limit $13))))
order by "marketplace_listings"."is_pinned" desc nulls last, "marketplace_listings"."created_at" desc nulls last, "marketplace_listings"."id" desc nulls last
limit $14;
