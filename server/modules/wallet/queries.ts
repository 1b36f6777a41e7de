import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keyedRows, newestFirst, type TimeKey } from '../../db/cursor.ts';
import { ledgerEntries, profiles } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';

/** Balances and what waits in escrow on either side: one statement. */
export async function walletSummary(db: Db, userId: string) {
  const [row] = await db
    .select({
      balance: profiles.balance,
      credits: profiles.credits,
      // bigint sums: both drivers hand them over as text (or BigInt), read back as safe integers.
      escrowPaid: sql<number>`(select coalesce(sum(price), 0)::bigint from marketplace_orders
        where buyer_id = ${userId} and status in ('held', 'disputed'))`.mapWith(Number),
      escrowIncoming: sql<number>`(select coalesce(sum(price), 0)::bigint from marketplace_orders
        where seller_id = ${userId} and status in ('held', 'disputed'))`.mapWith(Number),
      earnedCredits: profiles.earnedCredits,
      pendingDeposits: sql<number>`(select coalesce(sum(credits), 0)::bigint from deposits
        where user_id = ${userId} and status = 'pending')`.mapWith(Number),
      pendingWithdrawals: sql<number>`(select coalesce(sum(credits), 0)::bigint from withdrawals
        where user_id = ${userId} and status in ('pending', 'processing'))`.mapWith(Number),
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row;
}

/** A member's ledger, newest first: ledger_entries_user_idx. */
export const ledgerKeyset = newestFirst(ledgerEntries.createdAt, ledgerEntries.id);

/** A member's own ledger rows, newest first (the index on user, created_at, id serves it). */
export async function listLedger(
  db: Db,
  userId: string,
  currency: 'credits' | 'balance' | undefined,
  after: TimeKey | undefined,
  limit: number,
) {
  const where: SQL[] = [eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'user')];
  if (currency) where.push(eq(ledgerEntries.currency, currency));
  return keyedRows(db, ledgerEntries, ledgerKeyset, where, after, limit);
}

/**
 * Credits in escrow, for the metrics scrape: the price of every held or disputed order, which the ledger's
 * escrow account equals (ledgerCheck verifies it). Read through marketplace_orders_status_created_idx
 * instead of summing the ledger's escrow rows, which grow forever.
 */
export async function escrowHeld(db: Db): Promise<number> {
  const [row] = await rows<{ total: string }>(
    db,
    sql`select coalesce(sum(price), 0)::text as total from marketplace_orders where status in ('held', 'disputed')`,
  );
  return Number(row?.total ?? 0);
}
