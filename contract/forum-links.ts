/**
 * Where a forum post lives on the site, and the Markdown a "Quote" inserts. Kept free of zod so the app
 * shell (the notification bell) can use it without putting zod in the first-screen bundle.
 */

/** The element id of a reply on its thread's page: the fragment of links that lead to it. */
export const replyAnchor = (replyId: string) => `reply-${replyId}`;

/** A thread's page, or one reply on it. */
export function forumPostPath(threadId: string, replyId?: string | null): string {
  return `/forum/post/${threadId}${replyId ? `#${replyAnchor(replyId)}` : ''}`;
}

/**
 * A Markdown quote of `text` (a selection, or a post's whole source) whose first line names its author and
 * links back to the post. The name sits inside the link, so quoting someone never mentions (notifies) them.
 */
export function quoteMarkdown(quote: {
  author: string;
  threadId: string;
  replyId?: string | null;
  text: string;
}): string {
  const lines = quote.text.replace(/\r\n?/g, '\n').trim().split('\n');
  const attribution = `[@${quote.author}](${forumPostPath(quote.threadId, quote.replyId)}) wrote:`;
  return `${[attribution, ...lines].map((line) => (line ? `> ${line}` : '>')).join('\n')}\n\n`;
}
