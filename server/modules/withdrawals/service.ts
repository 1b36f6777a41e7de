import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { withdrawalMessages as m } from '../../../contract/messages.ts';
import {
  type AdminWithdrawal,
  type PayoutDestination,
  type Withdrawal,
  type WithdrawalMethod,
  type WithdrawalOptions,
  type WithdrawalPage,
  type WithdrawalStatus,
  withdrawalPageSize,
} from '../../../contract/withdrawals.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowTimeKey, type TimeKey, unlessAll } from '../../db/cursor.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';
import { csvInBatches } from '../../plugins/csv.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { audit } from '../audit/service.ts';
import { announce } from '../hooks/service.ts';
import type { SecurityAlerts } from '../sessions/alerts.ts';
import { getMoneyTerms } from '../site-settings/service.ts';
import { limitWithdrawal } from '../trust/service.ts';
import { holdWithdrawal } from '../wallet/doors.ts';
import { reservedEarnings, withdrawableOf } from '../wallet/reserve.ts';
import { spendFreshCode } from './fresh-code.ts';
import type { PayoutSender } from './payout-sender.ts';
import * as q from './queries.ts';

/*
 * Withdrawals (decision 032): a seller takes earned credits out past the reserve, with two-factor sign-in on
 * and a fresh authenticator code, to a payout address set at least 24 hours earlier; admins approve (a manual
 * payout with its reference, or a BTCPay payout) or reject (the credits go back). The credits move only
 * through the wallet's doors (wallet/doors.ts), each by the one request that won the status change.
 */

export interface WithdrawalDeps {
  db: Db;
  /** better-auth's secret, which encrypts the authenticator secrets. */
  authSecret: string;
  /** The methods this site pays out by: 'manual' always, 'btcpay' once a sender is configured. */
  methods: WithdrawalMethod[];
  sender?: PayoutSender;
  alerts: Pick<SecurityAlerts, 'changed'>;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** Where a request came from, for the security alert. */
export interface RequestOrigin {
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** An address as the audit log keeps it: its last four characters. */
const masked = (destination: string) => `…${destination.slice(-4)}`;

/** Minor units as a decimal string: 1234 → "12.34". */
export function decimal(minor: number) {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

function toWithdrawal(r: q.WithdrawalRow): Withdrawal {
  return {
    id: r.id,
    method: r.method,
    credits: r.credits,
    fee: r.fee,
    amount: decimal(r.amountMinor),
    currency: r.currency,
    destination: r.destination,
    status: r.status,
    reference: r.reference,
    reason: r.reason,
    decidedAt: r.decidedAt ? isoTimestamp(r.decidedAt) : null,
    completedAt: r.completedAt ? isoTimestamp(r.completedAt) : null,
    createdAt: isoTimestamp(r.createdAt),
  };
}

export function toAdminWithdrawal(r: q.AdminWithdrawalRow): AdminWithdrawal {
  return {
    ...toWithdrawal(r),
    member: r.userId && r.username ? { id: r.userId, username: r.username } : null,
    memberSince: r.memberSince ? isoTimestamp(r.memberSince) : null,
    releasedSales: r.releasedSales,
    disputes: r.disputes,
    lostDisputes: r.lostDisputes,
    completedWithdrawals: r.completedWithdrawals,
  };
}

/** Bech32 (bc1/tb1/bcrt1, one case) or base58 (1/3 mainnet, m/n/2 testnet) of a plausible length. */
export function looksLikeBitcoinAddress(s: string) {
  const bech32 = /^(bc1|tb1|bcrt1)[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{8,87}$/i;
  if (bech32.test(s)) return s === s.toLowerCase() || s === s.toUpperCase();
  return /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(s);
}

function ensureMethod(deps: WithdrawalDeps, method: WithdrawalMethod) {
  if (!deps.methods.includes(method))
    throw new AppError('VALIDATION', m.methodUnavailable, { method: m.methodUnavailable });
}

// --- the member's side -----------------------------------------------------------------------------------

export async function withdrawalOptions(deps: WithdrawalDeps, viewer: Viewer): Promise<WithdrawalOptions> {
  const [terms, twoFactorEnabled] = await Promise.all([
    getMoneyTerms(deps.db),
    q.twoFactorEnabled(deps.db, viewer.id),
  ]);
  return {
    methods: deps.methods,
    minCredits: terms.withdrawals.minCredits,
    feePercent: terms.withdrawals.feePercent,
    reserveDays: terms.withdrawals.reserveDays,
    addressHoldHours: terms.withdrawals.addressHoldHours,
    currency: terms.payments.currency,
    creditsPerUnit: terms.payments.creditsPerUnit,
    twoFactorEnabled,
  };
}

export async function listDestinations(db: Db, viewer: Viewer): Promise<{ items: PayoutDestination[] }> {
  const found = await q.listDestinations(db, viewer.id);
  return { items: found.map((d) => ({ ...d, usableAt: isoTimestamp(d.usableAt) })) };
}

/** Two-factor on and a fresh code, checked and spent in the caller's transaction. */
async function ensureFreshCode(
  deps: WithdrawalDeps,
  tx: Tx,
  member: { twoFactorEnabled: boolean },
  userId: string,
  code: string,
) {
  if (!member.twoFactorEnabled) throw new AppError('FORBIDDEN', m.twoFactorRequired);
  await spendFreshCode(tx, { authSecret: deps.authSecret, userId, code });
}

/**
 * Sets the payout address of a method: usable after the site's hold (24 hours unless an admin changed it), the
 * member alerted by mail, audited, all in one transaction.
 */
export async function setDestination(
  deps: WithdrawalDeps,
  viewer: Viewer,
  body: { method: WithdrawalMethod; destination: string; code: string },
  origin: RequestOrigin,
) {
  ensureMethod(deps, body.method);
  if (body.method === 'btcpay' && !looksLikeBitcoinAddress(body.destination))
    throw new AppError('VALIDATION', m.destinationInvalid, { destination: m.destinationInvalid });
  const { withdrawals: terms } = await getMoneyTerms(deps.db);
  await deps.db.transaction(async (tx) => {
    const member = orNotFound(await q.lockMember(tx, viewer.id), m.notFound);
    await ensureFreshCode(deps, tx, member, viewer.id, body.code);
    const before = await q.findDestination(tx, viewer.id, body.method);
    const { code: _code, ...destination } = body;
    const saved = await q.upsertDestination(
      tx,
      { userId: viewer.id, ...destination },
      terms.addressHoldHours,
    );
    await deps.alerts.changed('payout-address-changed', viewer.id, origin, tx);
    await audit(tx, viewer, {
      action: 'payout_destination.set',
      targetType: 'user',
      targetId: viewer.id,
      // Staff who read the log see which address changed, not the payment details themselves.
      before: before ? { method: body.method, destination: masked(before.destination) } : null,
      after: {
        method: body.method,
        destination: masked(body.destination),
        usableAt: isoTimestamp(saved.usableAt),
      },
    });
  });
  return listDestinations(deps.db, viewer);
}

/** The rules, in order, each with its message; the hold is the wallet's conditional debit. */
export async function createWithdrawal(
  deps: WithdrawalDeps,
  viewer: Viewer,
  body: { method: WithdrawalMethod; credits: number; code: string },
): Promise<Withdrawal> {
  ensureMethod(deps, body.method);
  await limitWithdrawal(deps.db, viewer);
  const { payments, withdrawals: terms } = await getMoneyTerms(deps.db);
  if (body.credits < terms.minCredits)
    throw new AppError('VALIDATION', m.belowMinimum(terms.minCredits), {
      credits: m.belowMinimum(terms.minCredits),
    });
  const fee = Math.floor((body.credits * terms.feePercent) / 100);
  const amountMinor = Math.floor(((body.credits - fee) * 100) / payments.creditsPerUnit);
  try {
    return await deps.db.transaction(async (tx) => {
      const member = orNotFound(await q.lockMember(tx, viewer.id), m.notFound);
      await ensureFreshCode(deps, tx, member, viewer.id, body.code);
      const destination = await q.findDestination(tx, viewer.id, body.method);
      if (!destination) throw new AppError('CONFLICT', m.noDestination);
      if (!destination.usable)
        throw new AppError('CONFLICT', m.destinationOnHold(isoTimestamp(destination.usableAt)));
      if (await q.hasOpenWithdrawal(tx, viewer.id)) throw new AppError('CONFLICT', m.openRequest);
      if (member.credits < 0) throw new AppError('CONFLICT', m.accountNegative);
      const reserve = await reservedEarnings(tx, viewer.id, terms.reserveDays);
      const reserved = reserve.reduce((sum, part) => sum + part.credits, 0);
      const id = randomUUID();
      const row = await q.insertWithdrawal(tx, {
        id,
        userId: viewer.id,
        method: body.method,
        credits: body.credits,
        fee,
        amountMinor,
        currency: payments.currency,
        destination: destination.destination,
      });
      const held = await holdWithdrawal(tx, {
        userId: viewer.id,
        credits: body.credits,
        reserved,
        withdrawalId: id,
        description: `Withdrawal of ${body.credits} credits requested`,
      });
      if (!held) {
        const available = withdrawableOf(member, reserved);
        throw new AppError('CONFLICT', m.notWithdrawable(available), {
          credits: m.notWithdrawable(available),
        });
      }
      await announce(tx, 'staff', 'withdrawal', {
        title: 'Withdrawal requested',
        text: `${viewer.username} asked to withdraw ${body.credits} credits by ${body.method}.`,
        path: '/admin/withdrawals',
      });
      return toWithdrawal(row);
    });
  } catch (err) {
    // withdrawals_open_key: another request of this member won the race.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', m.openRequest);
    throw err;
  }
}

export async function listMine(
  db: Db,
  viewer: Viewer,
  query: { status: WithdrawalStatus | 'all'; cursor?: string },
): Promise<WithdrawalPage> {
  const after = q.withdrawalKeyset.decode(query.cursor);
  const found = await q.listMine(db, viewer.id, {
    status: unlessAll(query.status),
    after,
    limit: withdrawalPageSize,
  });
  return q.withdrawalKeyset.page(found, withdrawalPageSize, rowTimeKey, (r) => toWithdrawal(r.row));
}

const csvHeader = [
  'date',
  'id',
  'method',
  'credits',
  'fee',
  'amount',
  'currency',
  'destination',
  'status',
  'reference',
  'reason',
  'decided',
  'completed',
];

/** Every withdrawal of mine as CSV, newest first, read in batches so no statement grows with the member. */
export function withdrawalsCsv(db: Db, viewer: Viewer, batch = 1000): Promise<string> {
  return csvInBatches(
    csvHeader,
    batch,
    (after: TimeKey | undefined) => q.mineBatch(db, viewer.id, after, batch),
    rowTimeKey,
    ({ row }) => {
      const w = toWithdrawal(row);
      return [
        w.createdAt,
        w.id,
        w.method,
        w.credits,
        w.fee,
        w.amount,
        w.currency,
        w.destination,
        w.status,
        w.reference ?? '',
        w.reason ?? '',
        w.decidedAt ?? '',
        w.completedAt ?? '',
      ];
    },
  );
}
