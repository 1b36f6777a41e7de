-- lock_for_purchase: a purchase's first statement: the buyer's lock and the listing
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select p.id as member, l.user_id as seller_id, l.price, l.status, l.delivery_kind,
        (select coalesce(array_agg(h.id), '{}') from "hooks" h
   
where h.scope = 'seller' and h.user_id = l.user_id and h.enabled and $1::text = any(h.events)) as sale_hooks, (select coalesce(jsonb_object_agg("site_settings"."key", "site_settings"."value"), '{}'::jsonb)
from "site_settings"
    where "site_settings"."key" in ($2, $3)) as sale_terms,
        exists(select 1 from "push_subscriptions" where "push_subscriptions"."user_id" = l.user_id) as seller_has_push
      from "profiles" p left join "marketplace_listings" l on l.id = $4::uuid
      where p.id = $5::uuid
      for no key update of p;
