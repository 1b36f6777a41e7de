-- purchase_keys: the sale of license keys, in one statement (stock taken at commit, migration 0018)
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

with picked as (
        select k.id from "listing_keys" k
        where k.listing_id = $1::uuid and k.state = 'available'
        order by k.created_at, k.id
        for update skip locked
        limit 1), sold as (select id, user_id, price * $2::int as price, title, content_link, delivery_kind,
            stock - $3::int as stock, low_stock_threshold, 'Purchase of "' || title || '"' || case when $4::int > 1 then ' (' || $5::int || ' units)' else '' end as description
          from "marketplace_listings"
          where id = $6::uuid and status = 'active' and user_id <> $7::uuid
            and price = $8::int and (select count(*) from picked) = $9::int),
      debit as (
      update profiles p set credits = p.credits - s.price,
        earned_credits = least(p.earned_credits, p.credits - s.price)
      from sold s
      where p.id = $10::uuid and p.credits >= s.price
      returning p.credits, s.price, s.description),
    hold_legs as (
      insert into ledger_entries (transfer_id, account, user_id, currency, amount, balance_after, kind, description, order_id)
      select $11::uuid, leg.account, leg.user_id, 'credits', leg.amount, leg.balance_after,
        'purchase_hold', d.description, $12::uuid
      from debit d cross join lateral (values
        ('user', $13::uuid, -d.price, d.credits),
        ('escrow', null::uuid, d.price, null::bigint)) leg(account, user_id, amount, balance_after)
      returning id),
      ord as (
        insert into "marketplace_orders" (id, listing_id, listing_title, buyer_id, seller_id, price, units, fee, status, release_at, idempotency_key)
        select $14::uuid, s.id, s.title, $15::uuid, s.user_id, s.price, $16::int, $17::bigint,
          'held', now() + make_interval(hours => $18::int), $19::text
        from sold s join debit on true
        returning id, listing_id, listing_title, seller_id, price, units, fee, release_at, created_at),
      claimed as (update "listing_keys" set state = 'reserved', order_id = o.id, claimed_at = now()
              from ord o where "listing_keys"."id" in (select id from picked) returning 1),
      note as (insert into "notifications" (id, user_id, type, title, content, data)
    select $20::uuid, r.user_id, $21, (select coalesce(v.texts ->> r.locale, v.texts ->> $22::text)
from (values ($23::jsonb)) v(texts)), r.content, r.data
   
from (select o.seller_id as user_id, ml.locale, replace((select coalesce(v.texts ->> ml.locale, v.texts ->> $24::text)
from (values ($25::jsonb)) v(texts)), $26::text, o.listing_title) as content,
          jsonb_build_object('listingId', o.listing_id, 'orderId', o.id) as data
       
from ord o, lateral (select (select "user_settings"."locale"
from "user_settings"
where "user_settings"."user_id" = o.seller_id) as locale) ml) r
    returning user_id, id),
      live as (select pg_notify($27, json_build_object('event', $28::text, 'fanOut', json_agg(json_build_array(s.user_id, s.id)))::text)
    from (select user_id, id, (row_number() over () - 1) / $29 as chunk from note) s
    group by s.chunk),
      -- A buyer watches what they bought: detection alerts, and the dispute offer inside the window.
      watched as (insert into "listing_watches" (listing_id, user_id)
    select r.listing_id, r.user_id from (select o.listing_id, $30::uuid as user_id from ord o) r
    on conflict do nothing
    returning 1),
      -- The answer hands the buyer the content link: their first reveal, recorded for disputes.
      revealed as (
        insert into "listing_content_reveals" (listing_id, order_id, user_id)
        select o.listing_id, o.id, $31::uuid from ord o
        returning id)
    select exists (select 1 from sold) as sold, o.id, o.listing_id, o.listing_title, o.seller_id,
      seller.username as seller_username, o.price::float8 as price, o.units, o.fee::float8 as fee,
      s.delivery_kind, s.low_stock_threshold,
      to_json(o.release_at) #>> '{}' as release_at, to_json(o.created_at) #>> '{}' as created_at,
      s.content_link, (select count(*)
from hold_legs) + (select count(*)
from live) + (select count(*)
from revealed) + (select count(*)
from claimed) + (select count(*)
from watched) as written,
      (select l.price from "marketplace_listings" l where l.id = $32::uuid and l.status = 'active') as active_price,
      (select l.stock from "marketplace_listings" l where l.id = $33::uuid and l.status = 'active') as active_stock
    from (select 1) one
      left join ord o on true
      left join sold s on true
      left join "profiles" seller on seller.id = o.seller_id;
