import { z } from 'zod';
import { idParams } from './id-params.ts';
import { reviewMessages as m } from './messages/review.ts';
import { pageOf, statusPageQuery } from './pages.ts';
import { person } from './people.ts';
import { textField } from './text-field.ts';
import { reviewKinds, reviewReasons, reviewStatuses, trustLevels } from './trust.ts';

/**
 * The review queue (issue 36 item 3): a held post (a new member's first posts, or a post that trips a rule)
 * waits here unpublished until staff approve it; a delivered direct message flagged for off-platform contact
 * waits to be dismissed, or its sender banned.
 */

/** A create that was held: 202 with the queue item, nothing published yet. */
export const heldForReview = z.object({
  id: z.string(),
  kind: z.enum(reviewKinds),
  status: z.literal('pending'),
});
export type HeldForReview = z.infer<typeof heldForReview>;

/** Whether a create's answer is a held item rather than the published post. */
export const isHeld = (value: unknown): value is HeldForReview =>
  typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'pending';

/** What the item would publish (or, for a flagged message, what was sent), as text. */
const reviewContent = z.object({
  title: z.string().nullable(),
  text: z.string(),
  imageUrl: z.string().nullable(),
});

/** Where the post would appear: a forum category, a thread, the feed, or a conversation. */
const reviewPlace = z.object({
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  thread: z.object({ id: z.string(), title: z.string() }).nullable(),
  recipient: person.nullable(),
});

/** The author's own held items, where their post would be (the thread, the category, the feed). */
export const myReviewItem = z.object({
  id: z.string(),
  kind: z.enum(reviewKinds),
  content: reviewContent,
  categoryId: z.string().nullable(),
  threadId: z.string().nullable(),
  createdAt: z.string(),
});
export type MyReviewItem = z.infer<typeof myReviewItem>;
export const myReviewItems = z.object({ items: z.array(myReviewItem) });
export type MyReviewItems = z.infer<typeof myReviewItems>;
/** How many of their newest pending items an author sees (a new member has a handful at most). */
export const myReviewItemsLimit = 20;

export const reviewPageSize = 20;
export const reviewQuery = statusPageQuery(reviewStatuses, 'pending');
export const reviewItemParams = idParams(m.notFound);

export const reviewItem = z.object({
  id: z.string(),
  kind: z.enum(reviewKinds),
  reasons: z.array(z.enum(reviewReasons)),
  status: z.enum(reviewStatuses),
  author: person.extend({
    joinedAt: z.string(),
    trustLevel: z.enum(trustLevels),
    banned: z.boolean(),
  }),
  /** The author's address when they submitted it. */
  ipAddress: z.string().nullable(),
  /**
   * Other members who signed in from an address this author used, or from the same device on the same
   * network: how many (counted up to `overlapCountCap`) and the first few.
   */
  overlap: z.object({ count: z.number().int(), accounts: z.array(person) }),
  content: reviewContent,
  place: reviewPlace,
  decision: z.object({ by: person.nullable(), at: z.string(), reason: z.string().nullable() }).nullable(),
  /** The post approval created, or the delivered message a flag is about. */
  resultId: z.string().nullable(),
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewPage = pageOf(reviewItem);
export type ReviewPage = z.infer<typeof reviewPage>;
export const overlapCountCap = 50;
export const overlapAccountsShown = 5;

export const rejectBody = z.object({
  reason: textField({ max: 500 }, m.reasonRequired, m.reasonTooLong),
});

export const reviewDecision = z.object({
  id: z.string(),
  status: z.enum(reviewStatuses),
  resultId: z.string().nullable(),
  banned: z.boolean(),
});
export type ReviewDecision = z.infer<typeof reviewDecision>;

export const pendingReviewCount = z.object({ pending: z.number().int() });
