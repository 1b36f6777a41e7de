import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { keyset } from '../../db/cursor.ts';
import { directMessages, profiles, userBlocks } from '../../db/schema/index.ts';

/** Keyset position: created_at as PostgreSQL text (microseconds kept) and a uuid tie-break. */
export type TimeKey = [string, string];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ConversationRow {
  other_id: string;
  username: string;
  avatar_url: string | null;
  message: string;
  sender_id: string;
  created_at: Date | string;
  at: string;
  unread: number;
}

/**
 * My conversations, newest first, in ONE statement: the messages I can still see, the latest per counterpart
 * (DISTINCT ON), the counterpart's profile joined, and the unread count of each as a correlated count.
 */
export async function selectConversationPage(db: Db, me: string, after: TimeKey | undefined, limit: number) {
  const keyset = after ? sql`where ${conversationKeyset.after(after)}` : sql``;
  const result = await db.execute(sql`
    with mine as (
      select case when dm.sender_id = ${me}::uuid then dm.recipient_id else dm.sender_id end as other_id,
             dm.id, dm.message, dm.sender_id, dm.recipient_id, dm.read, dm.created_at
      from ${directMessages} dm
      where (dm.sender_id = ${me}::uuid and not dm.deleted_by_sender)
         or (dm.recipient_id = ${me}::uuid and not dm.deleted_by_recipient)
    ), latest as (
      select distinct on (other_id) other_id, message, sender_id, created_at
      from mine order by other_id, created_at desc, id desc
    )
    select l.other_id, p.username, p.avatar_url, l.message, l.sender_id, l.created_at, l.created_at::text as at,
           (select count(*)::int from mine m
             where m.other_id = l.other_id and m.recipient_id = ${me}::uuid and not m.read) as unread
    from latest l join ${profiles} p on p.id = l.other_id
    ${keyset}
    order by ${sql.join(conversationKeyset.orderBy, sql`, `)}
    limit ${limit}`);
  return rowsOf<ConversationRow>(result);
}

/** The counterpart and both block directions in one statement; undefined when no such member. */
export async function findCounterpart(db: Db | Tx, me: string, other: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      blockedByMe: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${me}::uuid and ${userBlocks.blockedId} = ${profiles.id})`,
      blockedByThem: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${profiles.id} and ${userBlocks.blockedId} = ${me}::uuid)`,
    })
    .from(profiles)
    .where(eq(profiles.id, other));
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
  { column: sql`l.created_at`, kind: 'time', dir: 'desc', nulls: 'first' },
  { column: sql`l.other_id`, kind: 'uuid', dir: 'desc', nulls: 'first' },
);

const threadColumns = {
  id: directMessages.id,
  senderId: directMessages.senderId,
  recipientId: directMessages.recipientId,
  message: directMessages.message,
  read: directMessages.read,
  createdAt: directMessages.createdAt,
  at: sql<string>`${directMessages.createdAt}::text`.as('at'),
};

/**
 * One thread page: the newest `limit` messages older than `before`, newest first (the caller reverses).
 * Each direction is its own ordered, limited scan of its pair index, and the two short lists are merged:
 * an OR of the two directions reads every message of the conversation and sorts them (10,000 rows for a
 * long conversation, where this reads at most 2 × limit).
 */
export function selectThreadPage(
  db: Db,
  me: string,
  other: string,
  before: TimeKey | undefined,
  limit: number,
) {
  const direction = (from: string, to: string, notDeleted: SQL) =>
    db
      .select(threadColumns)
      .from(directMessages)
      .where(
        and(
          eq(directMessages.senderId, from),
          eq(directMessages.recipientId, to),
          notDeleted,
          threadKeyset.after(before),
        ),
      )
      .orderBy(...threadKeyset.orderBy)
      .limit(limit);
  return unionAll(
    direction(me, other, eq(directMessages.deletedBySender, false)),
    direction(other, me, eq(directMessages.deletedByRecipient, false)),
  )
    .orderBy(sql`"created_at" desc`, sql`"id" desc`)
    .limit(limit);
}

/** Marks every unread message from `other` to me read; returns how many changed. */
export async function markThreadRead(db: Db, me: string, other: string) {
  const rows = await db
    .update(directMessages)
    .set({ read: true })
    .where(
      and(
        eq(directMessages.senderId, other),
        eq(directMessages.recipientId, me),
        eq(directMessages.read, false),
      ),
    )
    .returning({ id: directMessages.id });
  return rows.length;
}

export async function insertMessage(
  tx: Tx,
  values: { senderId: string; recipientId: string; message: string },
) {
  const [row] = await tx.insert(directMessages).values(values).returning();
  return row!;
}

/** Hides the conversation for me only; rows both sides deleted are then removed for good. */
export async function deleteConversationFor(tx: Tx, me: string, other: string) {
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
