/**
 * Where a notification leads (spec §2: listing, conversation, order, ticket; a forum mention: the post;
 * new replies: the thread). Kept free of zod so the app shell (the notification bell) can use it without
 * putting zod in the first-screen bundle.
 */
export function notificationTarget(n: { type: string; data: Record<string, string> }): string | null {
  // A detection alert inside the protection window: the order's dispute, its reason filled in.
  if (n.data.dispute && n.data.orderId) return `/orders?dispute=${n.data.orderId}`;
  if (n.data.cheatId) return `/cheats/${n.data.cheatId}`;
  // Money in and out: a withdrawal decided or paid, a top-up credited or reversed.
  if (n.data.withdrawalId || n.data.depositId) return '/wallet';
  if (n.type.startsWith('order_') || n.data.orderId) return '/orders';
  if (n.data.ticketId) return `/tickets/${n.data.ticketId}`;
  if (n.data.conversationUserId) return `/messages/${n.data.conversationUserId}`;
  if (n.data.listingId) return `/marketplace/${n.data.listingId}`;
  // forumPostPath (forum-links.ts) written out: importing it would split a chunk shared with the forum off
  // the bell's, one more entry in the first screen's preload map.
  if (n.data.threadId)
    return `/forum/post/${n.data.threadId}${n.data.replyId ? `#reply-${n.data.replyId}` : ''}`;
  // A webhook switched off: the card that lists it (the seller area, or the admin settings).
  if (n.data.hookPath === '/seller' || n.data.hookPath === '/admin/settings') return n.data.hookPath;
  // A held social post staff approved: the feed it is in.
  if (n.data.postId) return '/posts';
  return null;
}
