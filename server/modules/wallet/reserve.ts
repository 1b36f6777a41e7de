import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/sql.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';

/*
 * The reserve on a seller's earnings (decision 032): what a withdrawal may take, read by the wallet page
 * (service.ts) and by a withdrawal request (withdrawals). In a file of its own because doors.ts imports
 * service.ts (writeTransfer): service.ts reading it from doors.ts was the wallet's import cycle (decision 056).
 */

/** Transfer kinds that pay a seller their share of a sale: what the reserve holds back. */
const earningKinds = sql`('purchase_release', 'purchase_split')`;

/** A seller's earnings released within the reserve window, oldest first, each with when it frees up. */
export async function reservedEarnings(db: Executor, userId: string, reserveDays: number) {
  if (reserveDays <= 0) return [];
  const found = await rows<{ credits: string; frees_at: Date | string }>(
    db,
    sql`select amount::text as credits, created_at + make_interval(days => ${reserveDays}) as frees_at
      from ledger_entries
      where user_id = ${userId} and account = 'user' and kind in ${earningKinds} and amount > 0
        and created_at > now() - make_interval(days => ${reserveDays})
      order by created_at, id`,
  );
  return found.map((r) => ({ credits: Number(r.credits), freesAt: isoTimestamp(r.frees_at) }));
}

/**
 * What a withdrawal may take: earned credits minus those still in the reserve, never more than the credits
 * there are. Reads the profile as the caller sees it (lock it first when a debit follows).
 */
export function withdrawableOf(p: { credits: number; earnedCredits: number }, reserved: number) {
  return Math.max(0, Math.min(p.credits, p.earnedCredits - reserved));
}
