-- social_post_page_member_following: the Following feed
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select "social_posts"."id", "social_posts"."content", "social_posts"."image_url", "social_posts"."created_at", "social_posts"."created_at"::text, "social_posts"."like_count", "social_posts"."comment_count", exists(select 1
from "post_likes"
where "post_likes"."post_id" = "social_posts"."id" and "post_likes"."user_id" = $1::uuid), exists(select 1
from "user_followers"
where "user_followers"."follower_id" = $2::uuid and "user_followers"."following_id" = "social_posts"."user_id"), "profiles"."id", "profiles"."username", "profiles"."avatar_url", "profiles"."role"
from "social_posts"
inner join "profiles" on "profiles"."id" = "social_posts"."user_id"
where exists(select 1
from "user_followers"
where "user_followers"."follower_id" = $3::uuid and "user_followers"."following_id" = "social_posts"."user_id")
order by "social_posts"."created_at" desc nulls first, "social_posts"."id" desc nulls first
limit 20;
