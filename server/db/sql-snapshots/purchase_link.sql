-- purchase_link: the sale of a listing with a content link, in one statement
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

with  sold as (update "marketplace_listings" set stock = stock - $1::int,
            status = case when stock = $2::int then 'sold' else status end,
            sold_to = case when stock = $3::int then $4::uuid else sold_to end,
            sold_at = case when stock = $5::int then now() else sold_at end
          where id = $6::uuid and status = 'active' and user_id <> $7::uuid
            and price = $8::int and stock >= $9::int
          returning id, user_id, price * $10::int as price, title, content_link, delivery_kind,
            low_stock_threshold, 'Purchase of "' || title || '"' || case when $11::int > 1 then ' (' || $12::int || ' units)' else '' end as description),
      debit as (
      update profiles p set credits = p.credits - s.price,
        earned_credits = least(p.earned_credits, p.credits - s.price)
      from sold s
      where p.id = $13::uuid and p.credits >= s.price
      returning p.credits, s.price, s.description),
    hold_legs as (
      insert into ledger_entries (transfer_id, account, user_id, currency, amount, balance_after, kind, description, order_id)
      select $14::uuid, leg.account, leg.user_id, 'credits', leg.amount, leg.balance_after,
        'purchase_hold', d.description, $15::uuid
      from debit d cross join lateral (values
        ('user', $16::uuid, -d.price, d.credits),
        ('escrow', null::uuid, d.price, null::bigint)) leg(account, user_id, amount, balance_after)
      returning id),
      ord as (
        insert into "marketplace_orders" (id, listing_id, listing_title, buyer_id, seller_id, price, units, fee, status, release_at, idempotency_key)
        select $17::uuid, s.id, s.title, $18::uuid, s.user_id, s.price, $19::int, $20::bigint,
          'held', now() + make_interval(hours => $21::int), $22::text
        from sold s join debit on true
        returning id, listing_id, listing_title, seller_id, price, units, fee, release_at, created_at),
      claimed as (select 1 where false),
      note as (insert into "notifications" (id, user_id, type, title, content, data)
    select $23::uuid, r.user_id, $24, (select coalesce(v.texts ->> r.locale, v.texts ->> $25::text)
from (values ($26::jsonb)) v(texts)), r.content, r.data
   
from (select o.seller_id as user_id, ml.locale, replace((select coalesce(v.texts ->> ml.locale, v.texts ->> $27::text)
from (values ($28::jsonb)) v(texts)), $29::text, o.listing_title) as content,
          jsonb_build_object('listingId', o.listing_id, 'orderId', o.id) as data
       
from ord o, lateral (select (select "user_settings"."locale"
from "user_settings"
where "user_settings"."user_id" = o.seller_id) as locale) ml) r
    returning user_id, id),
      live as (select pg_notify($30, json_build_object('event', $31::text, 'fanOut', json_agg(json_build_array(s.user_id, s.id)))::text)
    from (select user_id, id, (row_number() over () - 1) / $32 as chunk from note) s
    group by s.chunk),
      -- A buyer watches what they bought: detection alerts, and the dispute offer inside the window.
      watched as (insert into "listing_watches" (listing_id, user_id)
    select r.listing_id, r.user_id from (select o.listing_id, $33::uuid as user_id from ord o) r
    on conflict do nothing
    returning 1),
      -- The answer hands the buyer the content link: their first reveal, recorded for disputes.
      revealed as (
        insert into "listing_content_reveals" (listing_id, order_id, user_id)
        select o.listing_id, o.id, $34::uuid from ord o
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
      (select l.price from "marketplace_listings" l where l.id = $35::uuid and l.status = 'active') as active_price,
      (select l.stock from "marketplace_listings" l where l.id = $36::uuid and l.status = 'active') as active_stock
    from (select 1) one
      left join ord o on true
      left join sold s on true
      left join "profiles" seller on seller.id = o.seller_id;
