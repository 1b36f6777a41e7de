import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { notices as n } from '../../../contract/texts/notices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { forumReplies, forumThreads, forumThreadUsers } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { inLocale } from '../../i18n.ts';
import {
  inMembersLanguage,
  markThreadRepliesReadSql,
  memberLocale,
  notifyManyGrouped,
  unreadRepliesGroup,
} from '../notifications/service.ts';

/*
 * What's new (issue 17 item 6; decision 017, addendum "What's new"): watching, read positions, unread
 * threads and the grouped "N new replies in …" notification. Kept apart from queries/ so the reply path
 * calls one function here (`onReply`) and other reply features add their own beside it.
 */

/** The lowest uuid: a read position without a reply (only the opening post read) sorts before every reply. */
export const NO_REPLY = '00000000-0000-0000-0000-000000000000';

/** A member's id, or its placeholder in a prepared statement. */
export type MemberId = string | Placeholder;

/**
 * True when the member watches the thread in `thread` and it has activity after their read position: the
 * one definition of "unread" for the category counts, the thread lists and the tests.
 */
export function unreadFor(userId: MemberId): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${forumThreadUsers} tu where tu.user_id = ${userId}::uuid
    and tu.thread_id = ${forumThreads.id} and tu.watching
    and ${forumThreads.lastActivityAt} > coalesce(tu.last_read_at, '-infinity'))`;
}

/**
 * Each category's number of unread threads for the member (`category_id`, `n`). It reads the member's
 * watched rows and looks each thread up by its key (a scalar subquery, which PostgreSQL does not turn into
 * a join that scans every thread): the cost follows what the member watches, not the forum's size. A read
 * thread gives a null category, which no category matches.
 */
export function unreadByCategory(userId: MemberId): SQL {
  return sql`select (select t.category_id from ${forumThreads} t where t.id = tu.thread_id
        and t.last_activity_at > coalesce(tu.last_read_at, '-infinity')) as category_id, count(*)::int as n
    from ${forumThreadUsers} tu
    where tu.user_id = ${userId}::uuid and tu.watching
    group by 1`;
}

/** The member's watch flag and read position in the thread (as the reply keyset's key), as SQL columns. */
export function viewerThreadColumns(userId: MemberId | null) {
  if (!userId) {
    return {
      watching: sql<boolean>`false`,
      lastReadAt: sql<string | null>`null::text`,
      lastReadReplyId: sql<string | null>`null::uuid`,
      readBehind: sql<boolean>`false`,
    };
  }
  const mine = (column: SQL) =>
    sql`(select ${column} from ${forumThreadUsers} tu where tu.user_id = ${userId}::uuid and tu.thread_id = ${forumThreads.id})`;
  return {
    watching: sql<boolean>`coalesce(${mine(sql`tu.watching`)}, false)`,
    lastReadAt: sql<string | null>`${mine(sql`tu.last_read_at::text`)}`,
    lastReadReplyId: sql<string | null>`${mine(sql`tu.last_read_reply_id`)}`,
    /** Activity after the position, compared in SQL (microseconds; a JS Date has milliseconds). */
    readBehind: sql<boolean>`coalesce(${mine(sql`${forumThreads.lastActivityAt} > tu.last_read_at`)}, false)`,
  };
}

export async function setWatching(db: Db, userId: string, threadId: string, watching: boolean) {
  const [row] = await rows<{ watching: boolean }>(
    db,
    sql`insert into ${forumThreadUsers} (user_id, thread_id, watching)
      select ${userId}::uuid, t.id, ${watching} from ${forumThreads} t where t.id = ${threadId}::uuid
      on conflict (user_id, thread_id) do update set watching = excluded.watching
      returning watching`,
  );
  return row;
}

/**
 * Moves the member's read position forward to `replyId` (null: the opening post), never back, in one
 * statement. Read to the end, the position takes the thread's last activity (a deleted last reply cannot
 * leave it unread for good), and the thread's grouped notification is marked read with it.
 * `thread` false: no such thread; `reply` false: the reply is not in it.
 */
export async function markRead(db: Db, userId: string, threadId: string, replyId: string | null) {
  const [row] = await rows<{ thread: boolean; reply: boolean }>(
    db,
    sql`with target as (
        select t.id, t.last_activity_at,
          case when ${replyId}::uuid is null then t.created_at else r.created_at end as at,
          coalesce(r.id, ${NO_REPLY}::uuid) as rid, r.id as found
        from ${forumThreads} t
        left join ${forumReplies} r on r.id = ${replyId}::uuid and r.thread_id = t.id
        where t.id = ${threadId}::uuid
      ), pos as (
        select g.id, g.rid, g.last_activity_at,
          -- The next reply read off the thread's reply index in its order (a bare EXISTS let the planner
          -- scan the table, expecting an early match that a position near the end does not give).
          case when (select r2.id from ${forumReplies} r2 where r2.thread_id = g.id
              and (r2.created_at, r2.id) > (g.at, g.rid) order by r2.created_at, r2.id limit 1) is not null
            then g.at else greatest(g.at, g.last_activity_at) end as at
        from target g where ${replyId}::uuid is null or g.found is not null
      ), up as (
        insert into ${forumThreadUsers} (user_id, thread_id, last_read_at, last_read_reply_id)
        select ${userId}::uuid, p.id, p.at, nullif(p.rid, ${NO_REPLY}::uuid) from pos p
        on conflict (user_id, thread_id) do update
          set last_read_at = excluded.last_read_at, last_read_reply_id = excluded.last_read_reply_id
          where ${forumThreadUsers}.last_read_at is null
            or (excluded.last_read_at, coalesce(excluded.last_read_reply_id, ${NO_REPLY}::uuid))
              > (${forumThreadUsers}.last_read_at, coalesce(${forumThreadUsers}.last_read_reply_id, ${NO_REPLY}::uuid))
        returning last_read_at
      ), seen as (${markThreadRepliesReadSql(userId, threadId, sql`up, pos`, sql`up.last_read_at >= pos.last_activity_at`)})
      select exists (select 1 from target) as thread, exists (select 1 from pos) as reply,
        (select count(*) from seen) as seen`,
  );
  return row!;
}

/** The thread's author watches it from the start, read to its opening post. */
export async function watchOwnThread(tx: Tx, userId: string, threadId: string) {
  await tx
    .insert(forumThreadUsers)
    .values({ userId, threadId, watching: true, lastReadAt: sql`now()` })
    .onConflictDoNothing();
}

/**
 * After a reply, in its transaction: the replier watches the thread, read up to their own reply, and every
 * other watcher's unread notification for the thread counts one more reply ("3 new replies in …"), or a
 * new one is made ("1 new reply in …") when they have none unread. One statement for the watchers, however
 * many; live events after commit; a mail is queued only for a new notification (the grouped one is already
 * waiting for its member to be away).
 */
export async function onReply(
  tx: Tx,
  thread: { id: string; title: string },
  reply: { id: string; userId: string },
) {
  // now(): the reply's own created_at (same transaction) to the microsecond; a JS Date keeps milliseconds
  // only, which would leave the position just before the reply and the thread unread for its author.
  await tx
    .insert(forumThreadUsers)
    .values({
      userId: reply.userId,
      threadId: thread.id,
      watching: true,
      lastReadAt: sql`now()`,
      lastReadReplyId: reply.id,
    })
    .onConflictDoUpdate({
      target: [forumThreadUsers.userId, forumThreadUsers.threadId],
      set: { watching: true, lastReadAt: sql`now()`, lastReadReplyId: reply.id },
    });
  await notifyManyGrouped(
    tx,
    sql`select w.user_id, ml.locale,
          ${inMembersLanguage(sql`ml.locale`, (l) => inLocale(l, n).oneNewReply(thread.title))} as content,
          jsonb_build_object('threadId', ${thread.id}::text, 'count', '1') as data
        from ${forumThreadUsers} w, lateral (select ${memberLocale(sql`w.user_id`)} as locale) ml
        where w.thread_id = ${thread.id}::uuid and w.watching and w.user_id <> ${reply.userId}::uuid`,
    'forum_reply',
    (l) => inLocale(l, n).newRepliesTitle,
    unreadRepliesGroup(thread.title),
  );
}

/** The member's row for a thread (tests and the thread page read it). */
export async function findThreadUser(db: Db, userId: string, threadId: string) {
  const [row] = await db
    .select()
    .from(forumThreadUsers)
    .where(and(eq(forumThreadUsers.userId, userId), eq(forumThreadUsers.threadId, threadId)));
  return row;
}
