-- lock_for_purchase: a purchase's first statement: the buyer's lock and the listing
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

select p.id as member, l.user_id as seller_id, l.price, l.status, l.delivery_kind,
        (select coalesce(array_agg(h.id), '{}') from "hooks" h
    where h.scope = 'seller' and h.user_id = l.user_id and h.enabled and $1::text = any(h.events)) as sale_hooks
      from "profiles" p left join "marketplace_listings" l on l.id = $2
      where p.id = $3
      for no key update of p;
