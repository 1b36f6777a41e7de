/**
 * Where a forum post lives on the site. Kept free of zod and small: the app shell (the notification bell)
 * carries it in the first-screen bundle.
 */

/** The element id of a reply on its thread's page: the fragment of links that lead to it. */
export const replyAnchor = (replyId: string) => `reply-${replyId}`;

/** A thread's page, or one reply on it. */
export function forumPostPath(threadId: string, replyId?: string | null): string {
  return `/forum/post/${threadId}${replyId ? `#${replyAnchor(replyId)}` : ''}`;
}
