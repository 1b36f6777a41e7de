import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type ReviewReason, reviewKinds, reviewStatuses } from '../../../contract/trust.ts';
import { profiles } from './auth.ts';
import { belongsTo, createdAt, primaryId } from './columns.ts';
import { memberOrGone } from './member-rows.ts';

/**
 * The staff review queue (issue 36). Held content (a new member's first posts, or a post that trips a rule) is
 * not written to its table until staff approve it: `payload` holds what the author submitted and where, and
 * approval creates the post through the same service a direct post uses (`result_id` then names it), as
 * NodeBB's post queue does. A flagged direct message was delivered already; its row only asks staff to look.
 */
export const reviewItems = pgTable(
  'review_items',
  {
    id: primaryId(),
    kind: text('kind', { enum: reviewKinds }).notNull(),
    authorId: belongsTo('author_id', () => profiles.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    reasons: text('reasons').array().$type<ReviewReason[]>().notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    /** The author's address when they submitted it, for staff looking for linked accounts. */
    ipAddress: text('ip_address'),
    decidedBy: memberOrGone('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The post approval created, or the delivered message a flag is about. */
    resultId: uuid('result_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_items_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('review_items_author_idx').on(t.authorId, t.createdAt.desc()),
    check('review_items_kind_check', sql.raw(`kind in (${reviewKinds.map((k) => `'${k}'`).join(', ')})`)),
    check(
      'review_items_status_check',
      sql.raw(`status in (${reviewStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * Proof-of-work challenges already spent (ALTCHA, issue 36): a solution is accepted once, until the challenge
 * it solves expires; rows past `expires_at` are swept.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_challenges_expires_idx').on(t.expiresAt)],
);
