import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  ledgerEntries,
  profiles,
  type WalletAccountKind,
  type WalletCurrency,
} from '../../db/schema/index.ts';

/*
 * The wallet: the only code that changes profiles.credits / profiles.balance. Every change is one
 * transfer of ledger rows that sum to zero, written in the caller's transaction together with the
 * profile update, so the ledger and the balances can never disagree.
 */

type Executor = Db | Tx;

interface Leg {
  account: WalletAccountKind;
  userId?: string;
  amount: number;
}

interface TransferInput {
  currency: WalletCurrency;
  kind: string;
  description: string;
  legs: Leg[];
  orderId?: string;
  createdBy?: string;
}

/** Writes one balanced transfer; the caller has already moved the user balances it names. */
async function writeTransfer(tx: Executor, input: TransferInput) {
  const total = input.legs.reduce((sum, leg) => sum + leg.amount, 0);
  if (total !== 0) throw new Error(`unbalanced transfer (${total})`);
  const transferId = randomUUID();
  const legs = input.legs.filter((leg) => leg.amount !== 0);
  if (legs.length === 0) return transferId;
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      transferId,
      account: leg.account,
      userId: leg.userId ?? null,
      currency: input.currency,
      amount: leg.amount,
      kind: input.kind,
      description: input.description,
      orderId: input.orderId ?? null,
      createdBy: input.createdBy ?? null,
    })),
  );
  return transferId;
}

const column = (currency: WalletCurrency) => (currency === 'credits' ? profiles.credits : profiles.balance);

/**
 * Takes the members' profile row locks in id order before anything else in the transaction, so two
 * transfers between the same members never deadlock. NO KEY UPDATE, the lock the balance update takes
 * anyway, still lets other rows reference the profile (foreign keys take KEY SHARE).
 */
export async function lockUsers(tx: Tx, userIds: string[]) {
  const ids = [...new Set(userIds)].sort();
  await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(profiles.id)
    .for('no key update');
}

/**
 * Admin grant (Add Balance): credits or balance appear from the `grants` account. Returns the new amount.
 * `amount` must be a positive whole number (callers validate the form; this refuses anything else).
 */
export async function grant(
  tx: Tx,
  input: {
    userId: string;
    currency: WalletCurrency;
    amount: number;
    description: string;
    adminId: string | null;
  },
): Promise<number | null> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Error('grant amount must be positive');
  const col = column(input.currency);
  const [row] = await tx
    .update(profiles)
    .set({ [input.currency]: sql`${col} + ${input.amount}` })
    .where(eq(profiles.id, input.userId))
    .returning({ value: col });
  if (!row) return null;
  await writeTransfer(tx, {
    currency: input.currency,
    kind: 'grant',
    description: input.description,
    createdBy: input.adminId ?? undefined,
    legs: [
      { account: 'grants', amount: -input.amount },
      { account: 'user', userId: input.userId, amount: input.amount },
    ],
  });
  return row.value;
}

/**
 * Buyer → escrow: a conditional debit, so a buyer without enough credits is refused and concurrent
 * purchases can never take the balance below zero. Returns false when the credits are not there.
 */
export async function holdPayment(
  tx: Tx,
  input: { buyerId: string; amount: number; orderId: string; description: string },
) {
  const [row] = await tx
    .update(profiles)
    .set({ credits: sql`${profiles.credits} - ${input.amount}` })
    .where(and(eq(profiles.id, input.buyerId), gte(profiles.credits, input.amount)))
    .returning({ id: profiles.id });
  if (!row) return false;
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'purchase_hold',
    description: input.description,
    orderId: input.orderId,
    legs: [
      { account: 'user', userId: input.buyerId, amount: -input.amount },
      { account: 'escrow', amount: input.amount },
    ],
  });
  return true;
}

/** Escrow → seller (price minus fee) and → platform fees. Buyer protection can call this later instead. */
export async function releasePayment(
  tx: Tx,
  input: { sellerId: string; amount: number; fee: number; orderId: string; description: string },
) {
  const payout = input.amount - input.fee;
  if (payout > 0) {
    await tx
      .update(profiles)
      .set({ credits: sql`${profiles.credits} + ${payout}` })
      .where(eq(profiles.id, input.sellerId));
  }
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'purchase_release',
    description: input.description,
    orderId: input.orderId,
    legs: [
      { account: 'escrow', amount: -input.amount },
      { account: 'user', userId: input.sellerId, amount: payout },
      { account: 'platform_fees', amount: input.fee },
    ],
  });
}

/** Whole credits, rounded down: the platform never takes a fraction the seller would lose. */
export function feeFor(price: number, percent: number) {
  return Math.floor((price * percent) / 100);
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>) {
  // Both drivers (pg and PGlite) answer with `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * For tests and operations: transfers that do not sum to zero, the ledger's grand total per currency,
 * and members whose profile balance differs from their ledger sum (among members with ledger rows).
 */
export async function ledgerCheck(db: Db) {
  const unbalanced = await rows<{ transfer_id: string }>(
    db,
    sql`select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0`,
  );
  const totals = await rows<{ currency: string; account: string; total: string }>(
    db,
    sql`select currency, account, sum(amount)::text as total from ledger_entries group by currency, account`,
  );
  const mismatched = await rows<{ id: string }>(
    db,
    sql`
    select p.id from profiles p
    join (select user_id, currency, sum(amount) as total from ledger_entries where account = 'user' group by user_id, currency) l
      on l.user_id = p.id
    where (l.currency = 'credits' and p.credits <> l.total) or (l.currency = 'balance' and p.balance <> l.total)`,
  );
  const byAccount: Record<string, number> = {};
  let sum = 0;
  for (const row of totals) {
    byAccount[`${row.currency}:${row.account}`] = Number(row.total);
    sum += Number(row.total);
  }
  return {
    unbalancedTransfers: unbalanced.length,
    total: sum,
    byAccount,
    mismatchedUsers: mismatched.map((r) => r.id),
  };
}
