import { reviewMessages as m } from '../../../contract/messages.ts';
import {
  type MyReviewItems,
  myReviewItemsLimit,
  type ReviewDecision,
  type ReviewItem,
  type ReviewPage,
  reviewPageSize,
} from '../../../contract/review.ts';
import type { ReviewKind, ReviewStatus } from '../../../contract/trust.ts';
import type { Db } from '../../db/client.ts';
import type { reviewItems } from '../../db/schema/index.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate, ensure } from '../../policy.ts';
import { applyUserPatch } from '../admin/service.ts';
import { audit } from '../audit/service.ts';
import { notify } from '../notifications/service.ts';
import type { AccountChange, SecurityAlerts } from '../sessions/alerts.ts';
import type { HeldPublishers } from './publishers.ts';
import * as q from './queries.ts';

type Row = typeof reviewItems.$inferSelect;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What an item holds, as text: a thread's title and body, a reply's or post's text, a message's excerpt. */
function contentOf(kind: ReviewKind, payload: Record<string, unknown>) {
  return {
    title: kind === 'forum_thread' ? str(payload.title) : null,
    text: kind === 'direct_message' ? str(payload.excerpt) || str(payload.text) : str(payload.content),
    imageUrl: kind === 'social_post' ? str(payload.imageUrl) || null : null,
  };
}

function toItem(r: q.QueueRow): ReviewItem {
  return {
    id: r.id,
    kind: r.kind,
    reasons: r.reasons,
    status: r.status,
    author: {
      id: r.author_id,
      username: r.author_name,
      joinedAt: isoTimestamp(r.author_joined),
      trustLevel: r.author_trust,
      banned: r.author_banned,
    },
    ipAddress: r.ip_address,
    overlap: { count: r.overlap_count, accounts: r.overlap_accounts ?? [] },
    content: contentOf(r.kind, r.payload),
    place: {
      category: r.category_id && r.category_name ? { id: r.category_id, name: r.category_name } : null,
      thread: r.thread_id && r.thread_title ? { id: r.thread_id, title: r.thread_title } : null,
      recipient:
        r.recipient_id && r.recipient_name ? { id: r.recipient_id, username: r.recipient_name } : null,
    },
    decision: r.decided_at
      ? {
          by: r.decider_id && r.decider_name ? { id: r.decider_id, username: r.decider_name } : null,
          at: isoTimestamp(r.decided_at),
          reason: r.decision_reason,
        }
      : null,
    resultId: r.result_id,
    createdAt: isoTimestamp(r.created_at),
  };
}

/** The queue for staff: one status (pending by default), newest first, one statement a page. */
export async function listQueue(
  db: Db,
  viewer: Viewer,
  query: { status: ReviewStatus; cursor?: string },
): Promise<ReviewPage> {
  ensure(canModerate(viewer), m.onlyStaff);
  const after = q.reviewKeyset.decode(query.cursor);
  const found = await q.listQueue(db, {
    status: query.status,
    after,
    limit: q.reviewKeyset.limit(reviewPageSize),
  });
  return q.reviewKeyset.page(found, reviewPageSize, (r) => [r.key, r.id], toItem);
}

/** How many items wait (the admin menu's badge), counted up to 100. */
export async function pendingCount(db: Db, viewer: Viewer) {
  ensure(canModerate(viewer), m.onlyStaff);
  return { pending: await q.countPending(db, 100) };
}

/** The member's own held posts, newest first: shown to them where the post would be. */
export async function myItems(db: Db, viewer: Viewer): Promise<MyReviewItems> {
  const found = await q.listMine(db, viewer.id, myReviewItemsLimit);
  return {
    items: found.map((r) => ({
      id: r.id,
      kind: r.kind,
      content: contentOf(r.kind, r.payload),
      categoryId: r.kind === 'forum_thread' ? str(r.payload.categoryId) || null : null,
      threadId: r.kind === 'forum_reply' ? str(r.payload.threadId) || null : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** What the author is told a rejected item was. */
function notPublished(item: Row) {
  if (item.kind === 'forum_thread') return `Your thread "${str(item.payload.title)}" was not published.`;
  if (item.kind === 'forum_reply') return 'Your forum reply was not published.';
  return 'Your post was not published.';
}

type Decision = 'approve' | 'reject' | 'reject_and_ban';

/**
 * One decision on a pending item, once (a second answers 409), audited, in one transaction:
 * - approve: a held post is published by its kind's publisher (the owning module's normal service, with
 *   mentions, watchers and counters as for any post) and its author notified (content_review);
 *   a flagged message is dismissed.
 * - reject: the post is dropped, the author notified and mailed the reason.
 * - reject_and_ban: as reject, and the author banned as the users screen bans (its rules apply: a moderator
 *   never bans an admin, nobody bans themselves). A flagged message's sender is banned this way.
 */
async function decide(
  db: Db,
  viewer: Viewer,
  id: string,
  decision: Decision,
  reason: string | null,
  deps: DecisionDeps,
): Promise<ReviewDecision> {
  ensure(canModerate(viewer), m.onlyStaff);
  const changes: AccountChange[] = [];
  return db.transaction(async (tx) => {
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const item = await q.claim(tx, id, { status, decidedBy: viewer.id, reason });
    if (!item) {
      if (await q.itemExists(tx, id)) throw new AppError('CONFLICT', m.alreadyDecided);
      throw new AppError('NOT_FOUND', m.notFound);
    }
    const message = item.kind === 'direct_message';
    if (message && decision === 'reject') throw new AppError('CONFLICT', m.messageDecisions);
    let resultId = item.resultId;
    if (decision === 'approve' && item.kind !== 'direct_message') {
      const author = await q.findAuthor(tx, item.authorId);
      if (!author) throw new AppError('NOT_FOUND', m.notFound);
      const made = await deps.publishers[item.kind](tx, author, item.payload);
      resultId = made.id;
      await q.setResult(tx, id, made.id);
      await notify(tx, {
        userId: item.authorId,
        type: 'content_review',
        title: m.approvedTitle,
        content: made.about,
        data: made.data,
      });
    }
    const banned = decision === 'reject_and_ban';
    if (banned) await applyUserPatch(tx, viewer, item.authorId, { banned: true }, changes);
    if (status === 'rejected' && !message) {
      const content = notPublished(item);
      await notify(
        tx,
        {
          userId: item.authorId,
          type: 'content_review',
          title: m.rejectedTitle,
          content: `${content} Reason: ${reason ?? ''}`,
        },
        {
          mailNow: { template: 'content-review', data: { title: m.rejectedTitle, content, reason, banned } },
        },
      );
    }
    await audit(tx, viewer, {
      action: `review.${message && decision === 'approve' ? 'dismiss' : decision}`,
      targetType: 'review_item',
      targetId: id,
      before: { status: 'pending', kind: item.kind, authorId: item.authorId, reasons: item.reasons },
      after: { status, reason, resultId, banned },
    });
    if (changes.length) await deps.alerts.accountChanged(changes, tx);
    return { id, status, resultId, banned };
  });
}

/** What a decision needs from outside the module: the publishers of held posts, and the security alerts. */
interface DecisionDeps {
  publishers: HeldPublishers;
  alerts: Pick<SecurityAlerts, 'accountChanged'>;
}

export const approve = (db: Db, viewer: Viewer, id: string, deps: DecisionDeps) =>
  decide(db, viewer, id, 'approve', null, deps);

export const reject = (db: Db, viewer: Viewer, id: string, reason: string, deps: DecisionDeps) =>
  decide(db, viewer, id, 'reject', reason, deps);

export const rejectAndBan = (db: Db, viewer: Viewer, id: string, reason: string, deps: DecisionDeps) =>
  decide(db, viewer, id, 'reject_and_ban', reason, deps);
