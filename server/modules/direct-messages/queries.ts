import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { notificationMessages } from '../../../contract/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, keyset, type TimeKey } from '../../db/cursor.ts';
import { readStatements } from '../../db/prepared.ts';
import { conversations, directMessages, profiles, userBlocks } from '../../db/schema/index.ts';
import { lockKeyCall, rows, shapedStatement } from '../../db/sql.ts';
import { translateText } from '../../i18n.ts';
import { hasPushSql } from '../notifications/queries.ts';
import {
  insertNotificationsSql,
  memberLocale,
  textInLanguage,
  type Wording,
  wordingTexts,
} from '../notifications/service.ts';
import { countPublished, fanOutAfterCommit, publishRowsAfterCommit } from '../realtime/bus.ts';
import { offPlatformFlag } from '../trust/off-platform.ts';

/**
 * My conversations, newest first, in ONE statement: a keyset scan of my rows in `conversations` (the latest
 * message and unread count are kept there by every send, read and delete), joined to the counterpart and the
 * latest message by primary key. Reads `limit` rows however many messages I have. A prepared statement per
 * database and cursor shape (every messages screen opens with it).
 */
const conversationPage = (db: Db, after: SQL | undefined) =>
  db
    .select({
      other_id: conversations.otherId,
      username: profiles.username,
      avatar_url: profiles.avatarUrl,
      message: directMessages.message,
      sender_id: directMessages.senderId,
      created_at: conversations.lastAt,
      at: asKeyText(conversations.lastAt),
      unread: conversations.unread,
    })
    .from(conversations)
    .innerJoin(profiles, eq(profiles.id, conversations.otherId))
    .innerJoin(directMessages, eq(directMessages.id, conversations.lastMessageId))
    .where(and(eq(conversations.ownerId, sql.placeholder('me')), after))
    .orderBy(...conversationKeyset.orderBy)
    .limit(sql.placeholder('limit'));
const conversationPageStatement = readStatements('dm_conversation_page', conversationPage);

export async function selectConversationPage(db: Db, me: string, after: TimeKey | undefined, limit: number) {
  const from = conversationKeyset.afterPrepared(after);
  return conversationPageStatement(db, from.shape, from.condition).execute({ me, limit, ...from.values });
}

/** The counterpart and both block directions in one statement; undefined when no such member. */
const counterpart = (db: Db) => {
  const me = sql.placeholder('me');
  return db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      blockedByMe: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${me}::uuid and ${userBlocks.blockedId} = ${profiles.id})`,
      blockedByThem: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${profiles.id} and ${userBlocks.blockedId} = ${me}::uuid)`,
    })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('other')));
};
const counterpartStatement = readStatements('dm_counterpart', counterpart);

/** The other member of a conversation and the blocks between us: one prepared statement (every thread read). */
export async function findCounterpart(db: Db, me: string, other: string) {
  const statement = counterpartStatement(db, '');
  const [row] = await statement.execute({ me, other });
  return row;
}

/**
 * A thread, newest first: direct_messages_pair_idx / _pair_rev_idx (ascending) read backwards, so
 * DESC NULLS FIRST.
 */
export const threadKeyset = keyset(
  { column: directMessages.createdAt, kind: 'time', dir: 'desc', nulls: 'first' },
  { column: directMessages.id, kind: 'uuid', dir: 'desc', nulls: 'first' },
);
/** The conversation list's key: the latest message's time, then the counterpart. */
export const conversationKeyset = keyset(
  { column: conversations.lastAt, kind: 'time', dir: 'desc', nulls: 'last' },
  { column: conversations.otherId, kind: 'uuid', dir: 'desc', nulls: 'last' },
);

const threadColumns = {
  id: directMessages.id,
  senderId: directMessages.senderId,
  recipientId: directMessages.recipientId,
  message: directMessages.message,
  read: directMessages.read,
  offPlatform: directMessages.offPlatform,
  createdAt: directMessages.createdAt,
  at: asKeyText(directMessages.createdAt).as('at'),
};

/**
 * One thread page: the newest `limit` messages older than `before`, newest first (the caller reverses).
 * Each direction is its own ordered, limited scan of its pair index, and the two short lists are merged:
 * an OR of the two directions reads every message of the conversation and sorts them (10,000 rows for a
 * long conversation, where this reads at most 2 × limit).
 */
const threadPage = (db: Db, before: SQL | undefined) => {
  const limit = sql.placeholder('limit');
  const direction = (from: string, to: string, notDeleted: SQL) =>
    db
      .select(threadColumns)
      .from(directMessages)
      .where(
        and(
          eq(directMessages.senderId, sql.placeholder(from)),
          eq(directMessages.recipientId, sql.placeholder(to)),
          notDeleted,
          before,
        ),
      )
      .orderBy(...threadKeyset.orderBy)
      .limit(limit);
  return unionAll(
    direction('me', 'other', eq(directMessages.deletedBySender, false)),
    direction('other', 'me', eq(directMessages.deletedByRecipient, false)),
  )
    .orderBy(sql`"created_at" desc`, sql`"id" desc`)
    .limit(limit);
};
const threadPageStatement = readStatements('dm_thread_page', threadPage);

export async function selectThreadPage(
  db: Db,
  me: string,
  other: string,
  before: TimeKey | undefined,
  limit: number,
) {
  const from = threadKeyset.afterPrepared(before);
  const statement = threadPageStatement(db, from.shape, from.condition);
  return statement.execute({ me, other, limit, ...from.values });
}

/**
 * What `conversations` holds, derived from the messages themselves: each side's latest visible message and
 * unread count, for every pair or for the pair of `a` and `b`. Seeding and tests rebuild the rows with it; the
 * invariant test compares it with the maintained rows.
 */
export function derivedConversations(pair?: [string, string]) {
  const ofPair = pair
    ? sql`((sender_id = ${pair[0]}::uuid and recipient_id = ${pair[1]}::uuid)
        or (sender_id = ${pair[1]}::uuid and recipient_id = ${pair[0]}::uuid)) and`
    : sql``;
  return sql`
    select distinct on (m.owner_id, m.other_id) m.owner_id, m.other_id, m.id as last_message_id,
           m.created_at as last_at,
           (count(*) filter (where m.unread_for_owner) over (partition by m.owner_id, m.other_id))::int as unread
    from (
      select sender_id as owner_id, recipient_id as other_id, id, created_at, false as unread_for_owner
        from ${directMessages} where ${ofPair} not deleted_by_sender
      union all
      select recipient_id, sender_id, id, created_at, not read
        from ${directMessages} where ${ofPair} not deleted_by_recipient
    ) m
    order by m.owner_id, m.other_id, m.created_at desc, m.id desc`;
}

/** Replaces the conversation rows (of one pair, or all) with what the messages say. */
export async function rebuildConversations(db: Db | Tx, pair?: [string, string]) {
  await db.execute(
    pair
      ? sql`delete from ${conversations} where (owner_id, other_id) in ((${pair[0]}::uuid, ${pair[1]}::uuid), (${pair[1]}::uuid, ${pair[0]}::uuid))`
      : sql`delete from ${conversations}`,
  );
  await db.execute(
    sql`insert into ${conversations} (owner_id, other_id, last_message_id, last_at, unread) ${derivedConversations(pair)}`,
  );
}

/** Marks every unread message from `other` to me read, and my conversation with them; returns how many changed. */
export async function markThreadRead(db: Db, me: string, other: string) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`
    with marked as (
      update ${directMessages} set read = true
      where sender_id = ${other}::uuid and recipient_id = ${me}::uuid and read = false
      returning 1
    ), conversation as (
      update ${conversations} set unread = 0 where owner_id = ${me}::uuid and other_id = ${other}::uuid
    )
    select count(*)::int as n from marked`,
  );
  return row!.n;
}

interface SendRow {
  found: boolean;
  blocked_by_me: boolean | null;
  blocked_by_them: boolean | null;
  id: string | null;
  sender_id: string;
  recipient_id: string;
  message: string;
  read: boolean;
  off_platform: boolean;
  created_at: Date | string;
  recipient_has_push: boolean;
}

export interface SendInput {
  senderId: string;
  recipientId: string;
  message: string;
  /** The message names a contact (trust/off-platform.ts): it is stored with `off_platform` set if the two trade. */
  namesContact: boolean;
  /** Whether a first message between the two may go now, and the key of the lock taken before one is decided. */
  firstContact: { allowed: boolean; lockKey: string };
  /** The recipient's notification: its id (the caller queues its mail) and content in their language. */
  notification: { id: string; content: Wording };
}

/**
 * A message sent in ONE statement, when it may go: the counterpart exists, neither blocks the other, and the
 * two exchanged a message before or `firstContact.allowed`. It writes the message, both sides' conversation
 * rows (a concurrent, earlier-stamped send that commits later never replaces a newer latest message; the unread
 * count still counts it) and the recipient's notification, and queues the 'notification' event and both sides'
 * 'message' events for the commit. A first contact that may not go yet writes nothing and takes the
 * `firstContact.lockKey` lock instead: the caller decides under that lock, in a statement of its own (whose
 * snapshot sees what committed while it waited), then sends again. Named, and built once per shape: a DM costs
 * this one statement.
 */
export async function sendIfAllowed(tx: Tx, input: SendInput) {
  const content = wordingTexts(input.notification.content);
  const [row] = await sendStatement(
    tx,
    { namesContact: input.namesContact, sameContent: content.same },
    {
      sender: input.senderId,
      recipient: input.recipientId,
      message: input.message,
      allowed: input.firstContact.allowed,
      lockKey: input.firstContact.lockKey,
      notificationId: input.notification.id,
      content: content.texts,
    },
  );
  // Its two pg_notify statements: the notification's and the two sides' message events.
  countPublished(2);
  return {
    found: row!.found,
    blockedByMe: row!.blocked_by_me === true,
    blockedByThem: row!.blocked_by_them === true,
    sent: row!.id
      ? {
          id: row!.id,
          senderId: row!.sender_id,
          recipientId: row!.recipient_id,
          message: row!.message,
          read: row!.read,
          offPlatform: row!.off_platform,
          createdAt: new Date(row!.created_at),
          /** Whether the recipient has a device to push to (their notification's mail job starts at once). */
          recipientHasPush: row!.recipient_has_push,
        }
      : undefined,
  };
}

const sendStatement = shapedStatement<SendRow, { namesContact: boolean; sameContent: boolean }>(
  'dm_send',
  (shape) => {
    const me = sql`${sql.placeholder('sender')}::uuid`;
    const recipient = sql`${sql.placeholder('recipient')}::uuid`;
    const dm = directMessages;
    const blocks = userBlocks;
    // Each direction its own probe of the pair index, which stops at its first row: an OR of the two may
    // collect every row of a long conversation in a bitmap first.
    const known = sql`(exists(select 1 from ${dm} where ${dm.senderId} = ${me} and ${dm.recipientId} = p.id)
      or exists(select 1 from ${dm} where ${dm.senderId} = p.id and ${dm.recipientId} = ${me}))`;
    const message = sql`json_build_object('id', m.id, 'senderId', m.sender_id, 'recipientId', m.recipient_id, 'offPlatform', m.off_platform)`;
    const content = textInLanguage(sql`ml.locale`, shape.sameContent, sql`${sql.placeholder('content')}`);
    return sql`
    with other as (
      select p.id,
        exists(select 1 from ${blocks} where ${blocks.blockerId} = ${me} and ${blocks.blockedId} = p.id) as blocked_by_me,
        exists(select 1 from ${blocks} where ${blocks.blockerId} = p.id and ${blocks.blockedId} = ${me}) as blocked_by_them,
        ${known} as known
      from ${profiles} p where p.id = ${recipient}
    ), may as (
      select id, known or ${sql.placeholder('allowed')}::boolean as sends from other
      where not blocked_by_me and not blocked_by_them
    ), locked as (
      select ${lockKeyCall(sql.placeholder('lockKey'))} from may where not sends
    ), m as (
      insert into ${dm} (sender_id, recipient_id, message, off_platform)
      select ${me}, may.id, ${sql.placeholder('message')}::text, ${offPlatformFlag(shape.namesContact, me, recipient)}
      from may where sends
      returning id, sender_id, recipient_id, message, read, off_platform, created_at
    ), sides as (
      insert into ${conversations} as c (owner_id, other_id, last_message_id, last_at, unread)
      select sender_id, recipient_id, id, created_at, 0 from m
      union all
      select recipient_id, sender_id, id, created_at, 1 from m
      on conflict (owner_id, other_id) do update set
        last_message_id = case when excluded.last_at >= c.last_at then excluded.last_message_id else c.last_message_id end,
        last_at = greatest(c.last_at, excluded.last_at),
        unread = c.unread + excluded.unread
    ), note as (${insertNotificationsSql(
      sql`select m.recipient_id as user_id, ml.locale, ${content} as content,
          jsonb_build_object('conversationUserId', m.sender_id) as data
        from m, lateral (select ${memberLocale(sql`m.recipient_id`)} as locale) ml`,
      'message_new',
      (l) => translateText(l, notificationMessages.newMessageTitle),
      sql.placeholder('notificationId'),
    )}), live as (${fanOutAfterCommit(sql`note`, 'notification')}),
    told as (${publishRowsAfterCommit(
      sql`select 'user:' || m.recipient_id as room, ${message} as payload from m
        union all select 'user:' || m.sender_id, ${message} from m`,
      'message',
    )})
    select o.id is not null as found, o.blocked_by_me, o.blocked_by_them,
      m.id, m.sender_id, m.recipient_id, m.message, m.read, m.off_platform, m.created_at,
      ${hasPushSql(sql`m.recipient_id`)} as recipient_has_push,
      (select count(*) from locked) + (select count(*) from live) + (select count(*) from told) as queued
    from (select 1) one left join other o on true left join m on true`;
  },
);

/** Hides the conversation for me only; rows both sides deleted are then removed for good. */
export async function deleteConversationFor(tx: Tx, me: string, other: string) {
  await tx.delete(conversations).where(and(eq(conversations.ownerId, me), eq(conversations.otherId, other)));
  const sent = await tx
    .update(directMessages)
    .set({ deletedBySender: true })
    .where(and(eq(directMessages.senderId, me), eq(directMessages.recipientId, other)))
    .returning({ id: directMessages.id });
  const received = await tx
    .update(directMessages)
    .set({ deletedByRecipient: true, read: true })
    .where(and(eq(directMessages.senderId, other), eq(directMessages.recipientId, me)))
    .returning({ id: directMessages.id });
  await tx
    .delete(directMessages)
    .where(
      and(
        or(
          and(eq(directMessages.senderId, me), eq(directMessages.recipientId, other)),
          and(eq(directMessages.senderId, other), eq(directMessages.recipientId, me)),
        ),
        eq(directMessages.deletedBySender, true),
        eq(directMessages.deletedByRecipient, true),
      ),
    );
  return sent.length + received.length;
}

export async function addBlock(db: Db, blockerId: string, blockedId: string) {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function removeBlock(db: Db, blockerId: string, blockedId: string) {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}
