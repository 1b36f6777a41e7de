import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DepositStatus } from '../../../contract/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { keyedRows, newestFirst, type TimeKey } from '../../db/cursor.ts';
import { deposits, profiles } from '../../db/schema/index.ts';
import { insertRow } from '../../db/sql.ts';

export type DepositRow = typeof deposits.$inferSelect;

export function insertDeposit(db: Db, values: typeof deposits.$inferInsert) {
  return insertRow(db, deposits, values);
}

export async function findDeposit(db: Db | Tx, id: string) {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

/** A deposit by the processor's own id (its invoice, session or payment). */
export async function findByRef(
  db: Db | Tx,
  method: DepositRow['method'],
  ref: { processorRef?: string; paymentRef?: string },
) {
  const where = ref.processorRef
    ? eq(deposits.processorRef, ref.processorRef)
    : ref.paymentRef
      ? eq(deposits.paymentRef, ref.paymentRef)
      : undefined;
  if (!where) return undefined;
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.method, method), where));
  return row;
}

export async function recordCheckout(
  db: Db,
  id: string,
  values: { processorRef: string; checkoutUrl: string; expiresAt: Date },
) {
  await db
    .update(deposits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(deposits.id, id));
}

/**
 * One conditional change of state: only the transaction whose update matched goes on to move credits, so
 * however many deliveries race, a deposit is credited once.
 */
export async function transition(
  tx: Tx | Db,
  id: string,
  from: DepositStatus[],
  set: Partial<typeof deposits.$inferInsert>,
) {
  const [row] = await tx
    .update(deposits)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(deposits.id, id), inArray(deposits.status, from)))
    .returning();
  return row;
}

/** Locks a settled deposit for a reversal (refunds and disputes may arrive together). */
export async function lockSettled(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), inArray(deposits.status, ['settled', 'reversed'])))
    .for('update');
  return row;
}

export const depositKeyset = newestFirst(deposits.createdAt, deposits.id);

/** A member's deposits, newest first (deposits_user_idx). */
export async function listDeposits(
  db: Db,
  userId: string,
  status: DepositStatus | undefined,
  after: TimeKey | undefined,
  limit: number,
) {
  const where: SQL[] = [eq(deposits.userId, userId)];
  if (status) where.push(eq(deposits.status, status));
  return keyedRows(db, deposits, depositKeyset, where, after, limit);
}

/** Pending deposits whose processor window has closed (deposits_pending_idx), oldest first. */
export async function overdueDeposits(db: Db, limit: number) {
  return db
    .select({ id: deposits.id, method: deposits.method, processorRef: deposits.processorRef })
    .from(deposits)
    .where(and(eq(deposits.status, 'pending'), lt(deposits.expiresAt, sql`now()`)))
    .orderBy(deposits.expiresAt, deposits.id)
    .limit(limit);
}

export async function memberMailbox(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ email: profiles.email, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row;
}
