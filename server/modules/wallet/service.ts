import { randomUUID } from 'node:crypto';
import { and, eq, gte, type Placeholder, sql } from 'drizzle-orm';
import { maxAccountAmount } from '../../../contract/limits.ts';
import { walletMessages as w } from '../../../contract/messages.ts';
import { type LedgerPage, ledgerPageSize, type WalletSummary } from '../../../contract/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowTimeKey, type TimeKey, unlessAll } from '../../db/cursor.ts';
import {
  ledgerEntries,
  profiles,
  type WalletAccountKind,
  type WalletCurrency,
} from '../../db/schema/index.ts';
import { type Executor, rows } from '../../db/sql.ts';
import { csvInBatches } from '../../plugins/csv.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { getMoneyTerms } from '../site-settings/service.ts';
import * as q from './queries.ts';
import { reservedEarnings, withdrawableOf } from './reserve.ts';

/*
 * The wallet: the only code that changes profiles.credits / balance / earned_credits (it owns those columns,
 * server/db/owners.ts). Every change is one transfer of ledger rows that sum to zero, written in the caller's
 * transaction together with the profile update, so the ledger and the balances can never disagree.
 */

export interface Leg {
  account: WalletAccountKind;
  userId?: string;
  amount: number;
  /** For a member's leg: their balance in this currency after it (the profile value the update returned). */
  balanceAfter?: number;
}

interface TransferInput {
  currency: WalletCurrency;
  kind: string;
  description: string;
  legs: Leg[];
  orderId?: string;
  depositId?: string;
  withdrawalId?: string;
  createdBy?: string;
}

/** Writes one balanced transfer; the caller has already moved the user balances it names. */
export async function writeTransfer(tx: Executor, input: TransferInput) {
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
      balanceAfter: leg.balanceAfter ?? null,
      kind: input.kind,
      description: input.description,
      orderId: input.orderId ?? null,
      depositId: input.depositId ?? null,
      withdrawalId: input.withdrawalId ?? null,
      createdBy: input.createdBy ?? null,
    })),
  );
  return transferId;
}

/**
 * A grant or payout that would take a member's account past {@link maxAccountAmount}. Thrown inside the
 * transaction so nothing of it lands; callers answer 409 (and the release job leaves the order held).
 */
export class AccountLimitError extends AppError {
  constructor() {
    super('CONFLICT', w.accountLimit);
  }
}

/** The profiles' CHECK constraints (0 … maxAccountAmount) refusing an increase: the account limit. */
export function overLimit(err: unknown): never {
  const code = (e: unknown): string | undefined => {
    const x = e as { code?: string; cause?: unknown } | undefined;
    return x?.code ?? (x?.cause ? code(x.cause) : undefined);
  };
  if (code(err) === '23514') throw new AccountLimitError();
  throw err;
}

const column = (currency: WalletCurrency) => (currency === 'credits' ? profiles.credits : profiles.balance);

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
    .set(
      input.currency === 'credits'
        ? { credits: sql`${col} + ${input.amount}` }
        : { balance: sql`${col} + ${input.amount}` },
    )
    .where(eq(profiles.id, input.userId))
    .returning({ value: col })
    .catch(overLimit);
  if (!row) return null;
  await writeTransfer(tx, {
    currency: input.currency,
    kind: 'grant',
    description: input.description,
    createdBy: input.adminId ?? undefined,
    legs: [
      { account: 'grants', amount: -input.amount },
      { account: 'user', userId: input.userId, amount: input.amount, balanceAfter: row.value },
    ],
  });
  return row.value;
}

/**
 * Buyer → escrow on its own (the purchase uses the same CTEs inside its single statement): a conditional
 * debit, so a buyer without enough credits is refused and concurrent debits can never take the balance
 * below zero. Returns false when the credits are not there.
 */
export async function holdPayment(
  tx: Tx,
  input: { buyerId: string; amount: number; orderId: string; description: string },
) {
  const [row] = await rows<{ legs: number }>(
    tx,
    sql`with src as (select ${input.amount}::bigint as price, ${input.description}::text as description),
      ${holdPaymentCtes({ buyerId: input.buyerId, orderId: input.orderId, transferId: randomUUID(), source: 'src' })}
    select (select count(*) from hold_legs)::int as legs`,
  );
  return Number(row?.legs) > 0;
}

/**
 * holdPayment as two CTEs for a caller's single statement (the purchase): `debit` takes `price` from the
 * buyer only if they have it, `hold_legs` writes the buyer → escrow transfer (`transferId`) from what `debit`
 * returned. `source` is a CTE with `price` and `description` columns; nothing is written if it has no row.
 * The ids are values or placeholders (a statement built once, sql.ts shapedStatement).
 */
export function holdPaymentCtes(input: {
  buyerId: string | Placeholder;
  orderId: string | Placeholder;
  transferId: string | Placeholder;
  source: string;
}) {
  const src = sql.raw(input.source);
  return sql`debit as (
      update profiles p set credits = p.credits - s.price,
        earned_credits = least(p.earned_credits, p.credits - s.price)
      from ${src} s
      where p.id = ${input.buyerId}::uuid and p.credits >= s.price
      returning p.credits, s.price, s.description),
    hold_legs as (
      insert into ledger_entries (transfer_id, account, user_id, currency, amount, balance_after, kind, description, order_id)
      select ${input.transferId}::uuid, leg.account, leg.user_id, 'credits', leg.amount, leg.balance_after,
        'purchase_hold', d.description, ${input.orderId}::uuid
      from debit d cross join lateral (values
        ('user', ${input.buyerId}::uuid, -d.price, d.credits),
        ('escrow', null::uuid, d.price, null::bigint)) leg(account, user_id, amount, balance_after)
      returning id)`;
}

/** `earned`: a seller's share of a sale, which becomes withdrawable after the reserve (decision 032). */
async function addCredits(tx: Executor, userId: string | null, amount: number, earned = false) {
  if (!userId || amount === 0) return undefined;
  const [row] = await tx
    .update(profiles)
    .set({
      credits: sql`${profiles.credits} + ${amount}`,
      earnedCredits: earned ? sql`${profiles.earnedCredits} + ${amount}` : undefined,
    })
    .where(eq(profiles.id, userId))
    .returning({ credits: profiles.credits })
    .catch(overLimit);
  return row?.credits;
}

/**
 * Pays an order's escrow out: `refund` back to the buyer, `payout` to the seller, `fee` to the platform;
 * together exactly the order's price. A member whose account is gone (deleted) leaves their share with
 * the platform, so the escrow still empties and the transfer still balances.
 */
export async function settleEscrow(
  tx: Executor,
  input: {
    orderId: string;
    amount: number;
    buyerId: string | null;
    sellerId: string | null;
    refund: number;
    payout: number;
    fee: number;
    kind: 'purchase_release' | 'purchase_refund' | 'purchase_split';
    description: string;
    createdBy?: string;
  },
) {
  if (input.refund + input.payout + input.fee !== input.amount) throw new Error('settlement does not add up');
  // Profile rows in id order, like every other multi-member transfer.
  const parties = [
    { userId: input.buyerId, amount: input.refund, earned: false },
    { userId: input.sellerId, amount: input.payout, earned: true },
  ].sort((a, b) => String(a.userId).localeCompare(String(b.userId)));
  const legs: Leg[] = [{ account: 'escrow', amount: -input.amount }];
  let unclaimed = 0;
  for (const party of parties) {
    const after = await addCredits(tx, party.userId, party.amount, party.earned);
    if (after === undefined) unclaimed += party.amount;
    else
      legs.push({
        account: 'user',
        userId: party.userId ?? undefined,
        amount: party.amount,
        balanceAfter: after,
      });
  }
  legs.push({ account: 'platform_fees', amount: input.fee + unclaimed });
  await writeTransfer(tx, {
    currency: 'credits',
    kind: input.kind,
    description: input.description,
    orderId: input.orderId,
    createdBy: input.createdBy,
    legs,
  });
}

/** Main balance → marketplace credits, 1:1, through the `exchange` account (one transfer per currency). */
export async function convertBalance(tx: Tx, input: { userId: string; amount: number }) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('amount must be positive');
  const [row] = await tx
    .update(profiles)
    .set({
      balance: sql`${profiles.balance} - ${input.amount}`,
      credits: sql`${profiles.credits} + ${input.amount}`,
    })
    .where(and(eq(profiles.id, input.userId), gte(profiles.balance, input.amount)))
    .returning({ balance: profiles.balance, credits: profiles.credits })
    .catch(overLimit);
  if (!row) return null;
  const description = 'Moved from main balance to marketplace credits';
  await writeTransfer(tx, {
    currency: 'balance',
    kind: 'convert',
    description,
    legs: [
      { account: 'user', userId: input.userId, amount: -input.amount, balanceAfter: row.balance },
      { account: 'exchange', amount: input.amount },
    ],
  });
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'convert',
    description,
    legs: [
      { account: 'exchange', amount: -input.amount },
      { account: 'user', userId: input.userId, amount: input.amount, balanceAfter: row.credits },
    ],
  });
  return row;
}

/** Whole credits, rounded down: the platform never takes a fraction the seller would lose. */
export function feeFor(price: number, percent: number) {
  return Math.floor((price * percent) / 100);
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
  // Escrow holds exactly the price of every order still held or disputed.
  const [owed] = await rows<{ total: string }>(
    db,
    sql`select coalesce(sum(price), 0)::text as total from marketplace_orders where status in ('held', 'disputed')`,
  );
  // payouts_pending holds exactly the open withdrawals; each clearing account owes what its deposits credited.
  const [open] = await rows<{ total: string }>(
    db,
    sql`select coalesce(sum(credits), 0)::text as total from withdrawals where status in ('pending', 'processing')`,
  );
  const credited = await rows<{ method: string; total: string }>(
    db,
    sql`select method, sum(credits - reversed_credits)::text as total from deposits
      where status in ('settled', 'reversed') group by method`,
  );
  const byAccount: Record<string, number> = {};
  let sum = 0;
  for (const row of totals) {
    byAccount[`${row.currency}:${row.account}`] = Number(row.total);
    sum += Number(row.total);
  }
  const escrowHeld = byAccount['credits:escrow'] ?? 0;
  const escrowOwed = Number(owed?.total ?? 0);
  const payoutsPending = byAccount['credits:payouts_pending'] ?? 0;
  const payoutsOwed = Number(open?.total ?? 0);
  const clearingMismatches = ['btcpay', 'stripe', 'sandbox'].filter((method) => {
    const owedByProcessor = Number(credited.find((r) => r.method === method)?.total ?? 0);
    return (byAccount[`credits:deposits_${method}`] ?? 0) !== -owedByProcessor;
  });
  const result = {
    unbalancedTransfers: unbalanced.length,
    total: sum,
    byAccount,
    mismatchedUsers: mismatched.map((r) => r.id),
    escrowHeld,
    escrowOwed,
    payoutsPending,
    payoutsOwed,
    clearingMismatches,
  };
  return {
    ...result,
    ok:
      result.unbalancedTransfers === 0 &&
      result.total === 0 &&
      result.mismatchedUsers.length === 0 &&
      escrowHeld === escrowOwed &&
      payoutsPending === payoutsOwed &&
      clearingMismatches.length === 0,
  };
}

/* The member's wallet page */

export async function getWallet(db: Db, viewer: Viewer): Promise<WalletSummary> {
  const [row, terms] = await Promise.all([q.walletSummary(db, viewer.id), getMoneyTerms(db)]);
  if (!row) throw new AppError('UNAUTHENTICATED', w.loadFailed);
  const reserve = await reservedEarnings(db, viewer.id, terms.withdrawals.reserveDays);
  const reservedTotal = reserve.reduce((sum, part) => sum + part.credits, 0);
  const { earnedCredits, ...summary } = row;
  return {
    ...summary,
    withdrawable: withdrawableOf({ credits: row.credits, earnedCredits }, reservedTotal),
    reserved: Math.min(reservedTotal, earnedCredits),
    reserve,
  };
}

export async function listLedger(
  db: Db,
  viewer: Viewer,
  query: { currency: 'all' | WalletCurrency; cursor?: string },
): Promise<LedgerPage> {
  const after = q.ledgerKeyset.decode(query.cursor);
  const currency = unlessAll(query.currency);
  const found = await q.listLedger(db, viewer.id, currency, after, ledgerPageSize);
  return q.ledgerKeyset.page(found, ledgerPageSize, rowTimeKey, ({ row }) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    currency: row.currency,
    kind: row.kind,
    description: row.description,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    orderId: row.orderId,
  }));
}

/** The member's whole history as CSV, read a keyset page at a time. */
export function ledgerCsv(db: Db, viewer: Viewer, currency: 'all' | WalletCurrency, batch = 1000) {
  return csvInBatches(
    ['date', 'currency', 'kind', 'description', 'amount', 'balance_after', 'reference'],
    batch,
    (after: TimeKey | undefined) => q.listLedger(db, viewer.id, unlessAll(currency), after, batch),
    rowTimeKey,
    ({ row }) => [
      row.createdAt.toISOString(),
      row.currency,
      row.kind,
      row.description,
      row.amount,
      row.balanceAfter,
      row.orderId ?? row.depositId ?? row.withdrawalId,
    ],
  );
}

/** Main balance → marketplace credits, 1:1; refused when the balance is not there. */
export async function moveBalanceToCredits(db: Db, viewer: Viewer, amount: number) {
  const row = await db.transaction((tx) => convertBalance(tx, { userId: viewer.id, amount }));
  if (!row) throw new AppError('CONFLICT', w.insufficientBalance, { amount: w.insufficientBalance });
  return getWallet(db, viewer);
}
