-- listing_page_newest: the marketplace, newest first, no filter
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "marketplace_listings"."id", "marketplace_listings"."user_id", "marketplace_listings"."title", "marketplace_listings"."description", "marketplace_listings"."price", "marketplace_listings"."image_url", "marketplace_listings"."game", "marketplace_listings"."type", "marketplace_listings"."features", "marketplace_listings"."requirements", "marketplace_listings"."detection_status", "marketplace_listings"."content_link", "marketplace_listings"."status", "marketplace_listings"."delivery_kind", "marketplace_listings"."stock", "marketplace_listings"."low_stock_threshold", "marketplace_listings"."low_stock_warned", "marketplace_listings"."is_pinned", "marketplace_listings"."sold_to", "marketplace_listings"."sold_at", "marketplace_listings"."created_at", "marketplace_listings"."updated_at", "marketplace_listings"."created_at"::text, "profiles"."id", "profiles"."username", "profiles"."avatar_url", "profiles"."vouches", "profiles"."rating_total", "user_ranks"."name", "user_ranks"."color", "buyer"."id", "buyer"."username", "buyer"."avatar_url"
from "marketplace_listings"
inner join "profiles" on "profiles"."id" = "marketplace_listings"."user_id"
left join "user_ranks" on "user_ranks"."id" = "profiles"."rank_id"
left join "profiles" "buyer" on "buyer"."id" = "marketplace_listings"."sold_to"
where "marketplace_listings"."status" in ($1, $2)
order by "marketplace_listings"."is_pinned" desc nulls last, "marketplace_listings"."created_at" desc nulls last, "marketplace_listings"."id" desc nulls last
limit 25;
