import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { WithdrawalMethod, WithdrawalStatus } from '../../../contract/withdrawals.ts';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, keyedRows, newestFirst, type TimeKey } from '../../db/cursor.ts';
import { payoutDestinations, profiles, withdrawals } from '../../db/schema/index.ts';
import { type Executor, insertRow, lockedRow, rowById, rows } from '../../db/sql.ts';

/** Newest first: withdrawals_user_idx for a member's own, withdrawals_status_idx for staff's queue. */
export const withdrawalKeyset = newestFirst(withdrawals.createdAt, withdrawals.id);

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The member's profile, locked until the transaction ends: requests of one member run one at a time. */
export async function lockMember(tx: Tx, userId: string) {
  return lockedRow(
    tx,
    profiles,
    {
      credits: profiles.credits,
      earnedCredits: profiles.earnedCredits,
      twoFactorEnabled: profiles.twoFactorEnabled,
    },
    userId,
  );
}

export async function twoFactorEnabled(db: Db, userId: string) {
  const row = await rowById(db, profiles, { on: profiles.twoFactorEnabled }, userId);
  return row?.on ?? false;
}

// --- payout destinations ---------------------------------------------------------------------------------

export function listDestinations(db: Executor, userId: string) {
  return db
    .select({
      method: payoutDestinations.method,
      destination: payoutDestinations.destination,
      usableAt: payoutDestinations.usableAt,
    })
    .from(payoutDestinations)
    .where(eq(payoutDestinations.userId, userId))
    .orderBy(payoutDestinations.method);
}

export async function findDestination(tx: Executor, userId: string, method: WithdrawalMethod) {
  const [row] = await tx
    .select({
      destination: payoutDestinations.destination,
      usableAt: payoutDestinations.usableAt,
      // The database's clock decides, as it set the time.
      usable: sql<boolean>`${payoutDestinations.usableAt} <= now()`,
    })
    .from(payoutDestinations)
    .where(and(eq(payoutDestinations.userId, userId), eq(payoutDestinations.method, method)));
  return row;
}

/**
 * A new address for the method, usable `holdHours` from now (the site's setting, 24 by default: the hold a
 * stolen session has to wait out).
 */
export async function upsertDestination(
  tx: Tx,
  input: { userId: string; method: WithdrawalMethod; destination: string },
  holdHours: number,
) {
  const usableAt = sql`now() + make_interval(hours => ${holdHours})`;
  const [row] = await tx
    .insert(payoutDestinations)
    .values({ ...input, usableAt })
    .onConflictDoUpdate({
      target: [payoutDestinations.userId, payoutDestinations.method],
      set: { destination: input.destination, usableAt, updatedAt: sql`now()` },
    })
    .returning({ usableAt: payoutDestinations.usableAt });
  return row!;
}

// --- withdrawals -----------------------------------------------------------------------------------------

export async function hasOpenWithdrawal(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'processing'])))
    .limit(1);
  return !!row;
}

export function insertWithdrawal(tx: Tx, values: typeof withdrawals.$inferInsert) {
  return insertRow(tx, withdrawals, values);
}

export async function findWithdrawal(db: Executor, id: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

/**
 * `from` → the new status with its fields, only while the withdrawal is still `from`: of two decisions racing,
 * one changes the row and the other finds nothing (undefined).
 */
export async function transition(
  tx: Tx,
  id: string,
  from: WithdrawalStatus,
  set: PgUpdateSetSource<typeof withdrawals> & { status: WithdrawalStatus },
) {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
    .returning();
  return row;
}

export async function recordPayoutRef(db: Db, id: string, payoutRef: string) {
  await db
    .update(withdrawals)
    .set({ payoutRef, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'processing')));
}

/** The withdrawal a processor's payout was made for (withdrawals_payout_ref_key). */
export async function findByPayoutRef(db: Executor, payoutRef: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.payoutRef, payoutRef));
  return row;
}

/**
 * Payouts of `method` still `processing` `minAgeSeconds` after approval, oldest first
 * (withdrawals_status_idx): the reconciliation sweep's batch.
 */
export function overdueProcessing(db: Db, method: WithdrawalMethod, minAgeSeconds: number, limit: number) {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'processing'),
        eq(withdrawals.method, method),
        sql`${withdrawals.decidedAt} < now() - make_interval(secs => ${minAgeSeconds})`,
      ),
    )
    .orderBy(withdrawals.createdAt)
    .limit(limit);
}

/** A page of the member's withdrawals, newest first (withdrawals_user_idx). */
export function listMine(
  db: Db,
  userId: string,
  f: { status?: WithdrawalStatus; after?: TimeKey; limit: number },
) {
  return keyedRows(
    db,
    withdrawals,
    withdrawalKeyset,
    [eq(withdrawals.userId, userId), f.status ? eq(withdrawals.status, f.status) : undefined],
    f.after,
    f.limit,
  );
}

export interface AdminWithdrawalRow extends WithdrawalRow {
  createdAtKey: string;
  username: string | null;
  memberSince: Date | string | null;
  releasedSales: number;
  disputes: number;
  lostDisputes: number;
  completedWithdrawals: number;
}

/** What staff's queue shows: the requests of some statuses past a cursor, or one request. */
export type AdminSelection = { statuses: readonly WithdrawalStatus[]; after?: TimeKey } | { id: string };

/**
 * Staff's queue, newest first, each request with what to judge its member by, in one statement per page. Each
 * status is read off withdrawals_status_idx in key order and only a page of each is merged ("all" has no index of
 * its own: there are five statuses), then the figures come from lateral subqueries on the member's sales
 * (marketplace_orders_seller_idx) and withdrawals (withdrawals_user_idx).
 */
export async function adminRows(
  db: Executor,
  selection: AdminSelection,
  limit: number,
): Promise<AdminWithdrawalRow[]> {
  const orderBy = sql.join(withdrawalKeyset.orderBy, sql`, `);
  const source =
    'id' in selection
      ? sql`select * from ${withdrawals} where ${withdrawals.id} = ${selection.id}`
      : sql.join(
          selection.statuses.map((status) => {
            const after = withdrawalKeyset.after(selection.after);
            return sql`(select * from ${withdrawals}
              where ${withdrawals.status} = ${status}${after ? sql` and ${after}` : sql``}
              order by ${orderBy} limit ${limit})`;
          }),
          sql` union all `,
        );
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select w.*, w.created_at::text as created_at_key,
        p.username, p.created_at as member_since,
        coalesce(s.released_sales, 0) as released_sales, coalesce(s.disputes, 0) as disputes,
        coalesce(s.lost_disputes, 0) as lost_disputes, coalesce(c.completed, 0) as completed_withdrawals
      from (${source}) w
      left join ${profiles} p on p.id = w.user_id
      left join lateral (
        select count(*) filter (where o.status = 'released')::int as released_sales,
          count(*) filter (where o.disputed_at is not null)::int as disputes,
          count(*) filter (where o.disputed_at is not null and o.status = 'refunded')::int as lost_disputes
        from marketplace_orders o where o.seller_id = w.user_id
      ) s on w.user_id is not null
      left join lateral (
        select count(*)::int as completed from withdrawals done
        where done.user_id = w.user_id and done.status = 'completed'
      ) c on w.user_id is not null
      order by w.created_at desc nulls last, w.id desc nulls last
      limit ${limit}`,
  );
  return found.map((r) => ({
    id: r.id as string,
    userId: (r.user_id as string | null) ?? null,
    method: r.method as WithdrawalMethod,
    credits: Number(r.credits),
    fee: Number(r.fee),
    amountMinor: Number(r.amount_minor),
    currency: r.currency as string,
    destination: r.destination as string,
    status: r.status as WithdrawalStatus,
    payoutRef: (r.payout_ref as string | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    reason: (r.reason as string | null) ?? null,
    decidedBy: (r.decided_by as string | null) ?? null,
    decidedAt: r.decided_at ? new Date(r.decided_at as string) : null,
    completedAt: r.completed_at ? new Date(r.completed_at as string) : null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    createdAtKey: r.created_at_key as string,
    username: (r.username as string | null) ?? null,
    memberSince: (r.member_since as Date | string | null) ?? null,
    releasedSales: Number(r.released_sales),
    disputes: Number(r.disputes),
    lostDisputes: Number(r.lost_disputes),
    completedWithdrawals: Number(r.completed_withdrawals),
  }));
}

/** Every withdrawal of the member, newest first, in batches (the CSV export). */
export function mineBatch(db: Db, userId: string, after: TimeKey | undefined, limit: number) {
  return db
    .select({ row: withdrawals, createdAtKey: asKeyText(withdrawals.createdAt) })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), withdrawalKeyset.after(after)))
    .orderBy(...withdrawalKeyset.orderBy)
    .limit(limit);
}
