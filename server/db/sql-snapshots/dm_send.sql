-- dm_send: a direct message: the checks, the message, both conversation rows, the notification and the live events
-- Written by `npm run sql:snapshots` (server/db/sql-snapshots.test.ts); do not edit.

with other as (
      select p.id,
        exists(select 1
from "user_blocks"
where "user_blocks"."blocker_id" = $1::uuid and "user_blocks"."blocked_id" = p.id) as blocked_by_me,
        exists(select 1
from "user_blocks"
where "user_blocks"."blocker_id" = p.id and "user_blocks"."blocked_id" = $2::uuid) as blocked_by_them,
        (exists(select 1
from "direct_messages"
where "direct_messages"."sender_id" = $3::uuid and "direct_messages"."recipient_id" = p.id)
      or exists(select 1
from "direct_messages"
where "direct_messages"."sender_id" = p.id and "direct_messages"."recipient_id" = $4::uuid)) as known
      from "profiles" p where p.id = $5::uuid
    ), may as (
      select id, known or $6::boolean as sends from other
      where not blocked_by_me and not blocked_by_them
    ), locked as (
      select pg_advisory_xact_lock(hashtextextended($7, 0)) from may where not sends
    ), m as (
      insert into "direct_messages" (sender_id, recipient_id, message, off_platform)
      select $8::uuid, may.id, $9::text, false
      from may where sends
      returning id, sender_id, recipient_id, message, read, off_platform, created_at
    ), sides as (
      insert into "conversations" as c (owner_id, other_id, last_message_id, last_at, unread)
      select sender_id, recipient_id, id, created_at, 0 from m
      union all
      select recipient_id, sender_id, id, created_at, 1 from m
      on conflict (owner_id, other_id) do update set
        last_message_id = case when excluded.last_at >= c.last_at then excluded.last_message_id else c.last_message_id end,
        last_at = greatest(c.last_at, excluded.last_at),
        unread = c.unread + excluded.unread
    ), note as (insert into "notifications" (id, user_id, type, title, content, data)
    select $10::uuid, r.user_id, $11, (select coalesce(v.texts ->> r.locale, v.texts ->> $12::text)
from (values ($13::jsonb)) v(texts)), r.content, r.data
    from (select m.recipient_id as user_id, ml.locale, $14::text as content,
          jsonb_build_object('conversationUserId', m.sender_id) as data
       
from m, lateral (select (select "user_settings"."locale"
from "user_settings"
where "user_settings"."user_id" = m.recipient_id) as locale) ml) r
   
returning user_id, id), live as (select pg_notify($15, json_build_object('event', $16::text, 'fanOut', json_agg(json_build_array(s.user_id, s.id)))::text)
    from (select user_id, id, (row_number() over () - 1) / $17 as chunk from note) s
    group by s.chunk),
    told as (select pg_notify($18, json_build_object('room', e.room, 'event', $19::text, 'payload', e.payload)::text)
   
from (select 'user:' || m.recipient_id as room, json_build_object('id', m.id, 'senderId', m.sender_id, 'recipientId', m.recipient_id, 'offPlatform', m.off_platform) as payload
from m
        union all select 'user:' || m.sender_id, json_build_object('id', m.id, 'senderId', m.sender_id, 'recipientId', m.recipient_id, 'offPlatform', m.off_platform)
from m) e)
    select o.id is not null as found, o.blocked_by_me, o.blocked_by_them,
      m.id, m.sender_id, m.recipient_id, m.message, m.read, m.off_platform, m.created_at,
      exists(select 1
from "push_subscriptions"
where "push_subscriptions"."user_id" = m.recipient_id) as recipient_has_push,
      (select count(*) from locked) + (select count(*) from live) + (select count(*) from told) as queued
    from (select 1) one left join other o on true left join m on true;
