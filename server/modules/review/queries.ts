import { and, eq, sql } from 'drizzle-orm';
import { overlapAccountsShown, overlapCountCap } from '../../../contract/review.ts';
import type { ReviewKind, ReviewReason, ReviewStatus, TrustLevel } from '../../../contract/trust.ts';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, newestFirst, type TimeKey } from '../../db/cursor.ts';
import {
  forumCategories,
  forumThreads,
  knownDevices,
  loginEvents,
  profiles,
  reviewItems,
} from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { viewerColumns } from '../auth/viewer.ts';

export const reviewKeyset = newestFirst(reviewItems.createdAt, reviewItems.id);

/** How many of the author's latest sign-ins (and known devices) the overlap looks from. */
const OVERLAP_FROM = 20;

/** A uuid held as text in the payload, as a uuid, or null when it is not one (never a failing cast). */
const payloadUuid = (key: string) =>
  sql`(case when ${reviewItems.payload} ->> ${key} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (${reviewItems.payload} ->> ${key})::uuid end)`;

export interface QueueRow {
  id: string;
  kind: ReviewKind;
  reasons: ReviewReason[];
  status: ReviewStatus;
  payload: Record<string, unknown>;
  ip_address: string | null;
  result_id: string | null;
  created_at: Date | string;
  key: string;
  decided_at: Date | string | null;
  decision_reason: string | null;
  decider_id: string | null;
  decider_name: string | null;
  author_id: string;
  author_name: string;
  author_joined: Date | string;
  author_trust: TrustLevel;
  author_banned: boolean;
  category_id: string | null;
  category_name: string | null;
  thread_id: string | null;
  thread_title: string | null;
  recipient_id: string | null;
  recipient_name: string | null;
  overlap_count: number;
  overlap_accounts: { id: string; username: string }[] | null;
}

/**
 * One page of the queue in one statement: each item with its author's age, level and standing, where the
 * post would go (category, thread, or a message's recipient), and the accounts that overlap the author's:
 * other members who signed in from the address the item was sent from or one of the author's latest
 * OVERLAP_FROM sign-in addresses, or who know the same device on the same network. Counted up to
 * overlapCountCap, the first few named.
 */
export async function listQueue(
  db: Db,
  query: { status: ReviewStatus; after: TimeKey | undefined; limit: number },
) {
  const after = reviewKeyset.after(query.after);
  return rows<QueueRow>(
    db,
    sql`select review_items.id, review_items.kind, review_items.reasons, review_items.status,
        review_items.payload, review_items.ip_address, review_items.result_id, review_items.created_at,
        ${asKeyText(reviewItems.createdAt)} as key, review_items.decided_at, review_items.decision_reason,
        d.id as decider_id, d.username as decider_name,
        a.id as author_id, a.username as author_name, a.created_at as author_joined,
        a.trust_level as author_trust, a.banned as author_banned,
        c.id as category_id, c.name as category_name, t.id as thread_id, t.title as thread_title,
        rc.id as recipient_id, rc.username as recipient_name,
        coalesce(ov.count, 0) as overlap_count, ov.accounts as overlap_accounts
      from ${reviewItems}
      join ${profiles} a on a.id = review_items.author_id
      left join ${profiles} d on d.id = review_items.decided_by
      left join ${forumCategories} c on c.id = ${payloadUuid('categoryId')}
      left join ${forumThreads} t on t.id = ${payloadUuid('threadId')}
      left join ${profiles} rc on rc.id = ${payloadUuid('recipientId')}
      left join lateral (
        select count(*)::int as count,
          (json_agg(json_build_object('id', o.user_id, 'username', op.username) order by op.username)
            filter (where o.n <= ${overlapAccountsShown})) as accounts
        from (
          select others.user_id, row_number() over (order by others.user_id) as n
          from (
            select le.user_id from ${loginEvents} le
            where le.user_id <> review_items.author_id and le.ip_address <> 'Unknown'
              and le.ip_address in (
                select review_items.ip_address
                union all
                select mine.ip_address from (
                  select ip_address from ${loginEvents}
                  where user_id = review_items.author_id order by created_at desc limit ${OVERLAP_FROM}
                ) mine
              )
            union
            select kd.user_id from ${knownDevices} kd
            join (
              select device, network from ${knownDevices}
              where user_id = review_items.author_id and network <> 'Unknown'
              order by last_seen_at desc limit ${OVERLAP_FROM}
            ) mine on mine.device = kd.device and mine.network = kd.network
            where kd.user_id <> review_items.author_id
            limit ${overlapCountCap}
          ) others
        ) o
        join ${profiles} op on op.id = o.user_id
      ) ov on true
      where review_items.status = ${query.status} ${after ? sql`and ${after}` : sql``}
      order by ${sql.join(reviewKeyset.orderBy, sql`, `)}
      limit ${query.limit}`,
  );
}

/** Pending items, for the admin menu's badge (counted up to `cap`). */
export async function countPending(db: Db, cap: number) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
      select 1 from ${reviewItems} where status = 'pending' limit ${cap}) p`,
  );
  return row?.n ?? 0;
}

/** The author's own pending items, newest first. */
export async function listMine(db: Db, authorId: string, limit: number) {
  return db
    .select({
      id: reviewItems.id,
      kind: reviewItems.kind,
      payload: reviewItems.payload,
      createdAt: reviewItems.createdAt,
    })
    .from(reviewItems)
    .where(and(eq(reviewItems.authorId, authorId), eq(reviewItems.status, 'pending')))
    .orderBy(sql`${reviewItems.createdAt} desc`)
    .limit(limit);
}

/**
 * Decides a pending item once: the conditional change of status is the lock, so of two decisions at once
 * exactly one finds the item pending. Undefined when it is gone or already decided.
 */
export async function claim(
  tx: Tx,
  id: string,
  decision: { status: Exclude<ReviewStatus, 'pending'>; decidedBy: string; reason: string | null },
) {
  const [row] = await tx
    .update(reviewItems)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: sql`now()`,
      decisionReason: decision.reason,
    })
    .where(and(eq(reviewItems.id, id), eq(reviewItems.status, 'pending')))
    .returning();
  return row;
}

export async function itemExists(db: Db | Tx, id: string) {
  const [row] = await db.select({ id: reviewItems.id }).from(reviewItems).where(eq(reviewItems.id, id));
  return !!row;
}

export async function setResult(tx: Tx, id: string, resultId: string) {
  await tx.update(reviewItems).set({ resultId }).where(eq(reviewItems.id, id));
}

/** The author as the publishing services take a viewer: approval posts in their name. */
export async function findAuthor(tx: Tx, id: string) {
  const [row] = await tx.select(viewerColumns).from(profiles).where(eq(profiles.id, id));
  return row;
}
