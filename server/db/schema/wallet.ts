import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { createdAt, primaryId } from './columns.ts';

export const walletCurrencies = ['credits', 'balance'] as const;
export type WalletCurrency = (typeof walletCurrencies)[number];
/** Members' accounts are their profile's credits/balance; the others are the platform's own. */
export const walletAccountKinds = ['user', 'escrow', 'platform_fees', 'grants', 'exchange'] as const;
export type WalletAccountKind = (typeof walletAccountKinds)[number];

/**
 * Double-entry ledger: every transfer is a set of rows sharing `transfer_id` whose amounts sum to zero.
 * A member's running balance is kept in `profiles` (changed only by the wallet service, in the same
 * transaction); the ledger is the audit trail that must always agree with it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: primaryId(),
    transferId: uuid('transfer_id').notNull(),
    account: text('account', { enum: walletAccountKinds }).notNull(),
    /** Set for `user` accounts only. */
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    currency: text('currency', { enum: walletCurrencies }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** For `user` rows: the member's balance in this currency right after the row (the wallet history). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    index('ledger_entries_transfer_idx').on(t.transferId),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('ledger_entries_order_idx').on(t.orderId),
  ],
);
