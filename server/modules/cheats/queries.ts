import { and, asc, count, eq, type SQL, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CheatStatus } from '../../../contract/cheats.ts';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, newestFirst } from '../../db/cursor.ts';
import { cheatDownloads, cheatStatusChanges, cheats, cheatWatches, profiles } from '../../db/schema/index.ts';
import { containing } from '../../db/search.ts';
import { insertRow, lockedRow } from '../../db/sql.ts';

/** Newest first: cheats_order_idx / cheats_status_order_idx. */
export const cheatKeyset = newestFirst(cheats.createdAt, cheats.id);
export type CheatCursor = [createdAt: string, id: string];

const publisher = alias(profiles, 'publisher');
const withPublisher = {
  row: cheats,
  publisherName: publisher.username,
  createdAtKey: asKeyText(cheats.createdAt),
};

/** Whether this member watches the row's cheat (a primary-key probe per row); false for visitors. */
function watchedBy(viewerId: string | undefined) {
  return viewerId
    ? sql<boolean>`exists (select 1 from ${cheatWatches} where ${cheatWatches.cheatId} = ${cheats.id} and ${cheatWatches.userId} = ${viewerId})`
    : sql<boolean>`false`;
}

/** One page of the board, newest first, with each publisher's name and the viewer's watch: one statement. */
export async function listCheats(
  db: Db,
  {
    status,
    q,
    after,
    limit,
    viewerId,
  }: { status?: CheatStatus; q?: string; after?: CheatCursor; limit: number; viewerId?: string },
) {
  const where: SQL[] = [];
  if (status) where.push(eq(cheats.status, status));
  if (q) where.push(containing(q, cheats.title, cheats.game));
  return db
    .select({ ...withPublisher, watching: watchedBy(viewerId) })
    .from(cheats)
    .leftJoin(publisher, eq(publisher.id, cheats.publishedBy))
    .where(and(...where, cheatKeyset.after(after)))
    .orderBy(...cheatKeyset.orderBy)
    .limit(cheatKeyset.limit(limit));
}

export async function findCheat(db: Db | Tx, id: string) {
  const [found] = await db
    .select(withPublisher)
    .from(cheats)
    .leftJoin(publisher, eq(publisher.id, cheats.publishedBy))
    .where(eq(cheats.id, id));
  return found;
}

/** A cheat's status changes, oldest first, with who made each. */
export async function findTimeline(db: Db, cheatId: string) {
  return db
    .select({
      id: cheatStatusChanges.id,
      createdAt: cheatStatusChanges.createdAt,
      fromStatus: cheatStatusChanges.fromStatus,
      toStatus: cheatStatusChanges.toStatus,
      byId: profiles.id,
      byName: profiles.username,
    })
    .from(cheatStatusChanges)
    .leftJoin(profiles, eq(profiles.id, cheatStatusChanges.changedBy))
    .where(eq(cheatStatusChanges.cheatId, cheatId))
    .orderBy(asc(cheatStatusChanges.createdAt), asc(cheatStatusChanges.id));
}

export function insertCheat(tx: Tx, values: typeof cheats.$inferInsert) {
  return insertRow(tx, cheats, values);
}

/** Locks the row so two staff changing the status at once record two consistent timeline steps. */
export async function lockCheatStatus(tx: Tx, id: string) {
  const row = await lockedRow(tx, cheats, { status: cheats.status }, id);
  return row?.status;
}

export async function updateCheat(tx: Tx, id: string, values: Partial<typeof cheats.$inferInsert>) {
  await tx
    .update(cheats)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cheats.id, id));
}

export async function insertStatusChange(
  tx: Tx,
  values: { cheatId: string; fromStatus: CheatStatus | null; toStatus: CheatStatus; changedBy: string },
) {
  await tx.insert(cheatStatusChanges).values(values);
}

/** Deletes a cheat; who published it and its title, or undefined when already gone. */
export async function deleteCheat(db: Db | Tx, id: string) {
  const [row] = await db
    .delete(cheats)
    .where(eq(cheats.id, id))
    .returning({ userId: cheats.publishedBy, text: cheats.title });
  return row;
}

const today = sql`(now() at time zone 'utc')::date`;

/**
 * Counts a member's download of a cheat at most once per UTC day: the counter moves only when the
 * day's row was inserted, in the caller's transaction. Undefined when the cheat does not exist.
 */
export async function recordDownload(tx: Tx, cheatId: string, userId: string) {
  const [target] = await tx.select({ id: cheats.id }).from(cheats).where(eq(cheats.id, cheatId));
  if (!target) return undefined;
  const inserted = await tx
    .insert(cheatDownloads)
    .values({ cheatId, userId, day: today })
    .onConflictDoNothing()
    .returning({ cheatId: cheatDownloads.cheatId });
  const counted = inserted.length > 0;
  const [row] = counted
    ? await tx
        .update(cheats)
        .set({ downloads: sql`${cheats.downloads} + 1` })
        .where(eq(cheats.id, cheatId))
        .returning({ url: cheats.downloadUrl, downloads: cheats.downloads })
    : await tx
        .select({ url: cheats.downloadUrl, downloads: cheats.downloads })
        .from(cheats)
        .where(eq(cheats.id, cheatId));
  return row ? { ...row, counted } : undefined;
}

/**
 * The board's numbers for the home page and the admin dashboard, in one statement: active
 * (undetected) cheats and those published today; all counted downloads and today's.
 */
export async function cheatStats(db: Db) {
  const [row] = await db
    .select({
      activeCheats:
        sql<number>`(select ${count()} from ${cheats} where ${cheats.status} = 'undetected')`.mapWith(Number),
      activeCheatsToday:
        sql<number>`(select ${count()} from ${cheats} where ${cheats.status} = 'undetected' and ${cheats.createdAt} >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')`.mapWith(
          Number,
        ),
      totalDownloads: sql<number>`(select coalesce(${sum(cheats.downloads)}, 0) from ${cheats})`.mapWith(
        Number,
      ),
      downloadsToday:
        sql<number>`(select ${count()} from ${cheatDownloads} where ${cheatDownloads.day} = ${today})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return row!;
}
