import { sql } from 'drizzle-orm';
import type { HeldForReview } from '../../../contract/review.ts';
import type { ReviewReason, TrustLevel } from '../../../contract/trust.ts';
import type { Db, Tx } from '../../db/client.ts';
import { forumReplies, forumThreads, profiles, reviewItems, socialPosts } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate } from '../../policy.ts';
import { getReviewTerms } from '../site-settings/service.ts';
import { type ContactKind, detectOffPlatformContact } from '../trust/contact-detector.ts';
import { markReferenced } from '../uploads/service.ts';
import { countLinks, domainsIn, isListedDomain } from './links.ts';
import type { HeldKind } from './publishers.ts';
import { knownSpamDomains } from './spam-domains.ts';

/** Where a held create came from: the address staff see beside it. */
export interface Origin {
  ip: string | null;
}

/** A post about to be created: what kind, its text as the rules read it, and what approval needs to publish it. */
export interface Submission {
  kind: HeldKind;
  /** Everything the author wrote (a thread's title and body), for the link and contact rules. */
  text: string;
  /** The create's body and where it goes (category, thread): approval publishes exactly this. */
  payload: Record<string, unknown>;
}

/** The author's level and published posts (threads, replies and social posts), counted up to `upTo`. */
async function authorHistory(db: Db | Tx, authorId: string, upTo: number) {
  const [row] = await rows<{ trust_level: TrustLevel; posts: number }>(
    db,
    sql`select p.trust_level,
      (select count(*)::int from (
        (select 1 from ${forumThreads} where user_id = ${authorId} limit ${upTo})
        union all (select 1 from ${forumReplies} where user_id = ${authorId} limit ${upTo})
        union all (select 1 from ${socialPosts} where user_id = ${authorId} limit ${upTo})
      ) published) as posts
      from ${profiles} p where p.id = ${authorId}`,
  );
  return row;
}

/**
 * Why this post must wait for staff, empty when it may be published (issue 36 item 3): the author is `new`
 * with fewer than `review.firstPosts` published posts; the text has more than `review.maxLinks` links, links to
 * a spam domain (the setting's or the repository's list), or gives off-platform contact details. Staff are
 * never held.
 */
export async function reviewReasons(db: Db | Tx, viewer: Viewer, text: string): Promise<ReviewReason[]> {
  if (canModerate(viewer)) return [];
  const terms = await getReviewTerms(db);
  const reasons: ReviewReason[] = [];
  if (terms.firstPosts > 0) {
    const history = await authorHistory(db, viewer.id, terms.firstPosts);
    if (history?.trust_level === 'new' && history.posts < terms.firstPosts) reasons.push('first_posts');
  }
  if (countLinks(text) > terms.maxLinks) reasons.push('links');
  const spam = new Set<string>([...knownSpamDomains, ...terms.spamDomains]);
  if (domainsIn(text).some((d) => isListedDomain(d, spam))) reasons.push('spam_domain');
  if (detectOffPlatformContact(text).kinds.length > 0) reasons.push('off_platform');
  return reasons;
}

/**
 * The one place a create decides hold-or-publish: the queue item when the post must wait (nothing is
 * published, nobody is notified), or null to publish it now.
 */
export async function holdForReview(
  db: Db | Tx,
  viewer: Viewer,
  submission: Submission,
  origin: Origin,
  /** What must hold before the post is queued (its category or thread is there and open): throws if not. */
  check?: () => Promise<void>,
): Promise<HeldForReview | null> {
  const reasons = await reviewReasons(db, viewer, submission.text);
  if (reasons.length === 0) return null;
  await check?.();
  const [row] = await db
    .insert(reviewItems)
    .values({
      kind: submission.kind,
      authorId: viewer.id,
      payload: submission.payload,
      reasons,
      ipAddress: origin.ip,
    })
    .returning({ id: reviewItems.id });
  // Its images count as used while it waits: the sweep of unused uploads must not take them.
  const imageUrl = submission.payload.imageUrl;
  await markReferenced(db, submission.text, typeof imageUrl === 'string' ? imageUrl : null);
  return { id: row!.id, kind: submission.kind, status: 'pending' };
}

/*
 * A flagged direct message (issue 36 item 4) is inserted by flagOffPlatformMessage (below), which the
 * direct-messages module calls in its sending transaction: kind 'direct_message', author_id the sender, reasons ['off_platform'], result_id the
 * delivered message, ip_address the sender's, and payload { senderId, recipientId, excerpt }. The queue shows
 * `excerpt` (or `text`) as the content and `recipientId` as whom it went to; "dismiss" approves it and "ban the
 * sender" rejects it with a ban (a plain reject is refused).
 */

/** How much of a flagged message the queue shows. */
const EXCERPT = 300;

/** Asks staff to look at a delivered message that names a way off the site (the Review queue lists it). */
export async function flagOffPlatformMessage(
  tx: Tx,
  message: { id: string; senderId: string; recipientId: string; message: string },
  kinds: ContactKind[],
  ipAddress: string | null,
) {
  await tx.insert(reviewItems).values({
    kind: 'direct_message',
    authorId: message.senderId,
    reasons: ['off_platform'],
    status: 'pending',
    resultId: message.id,
    ipAddress,
    payload: {
      senderId: message.senderId,
      recipientId: message.recipientId,
      excerpt: message.message.slice(0, EXCERPT),
      kinds,
    },
  });
}
