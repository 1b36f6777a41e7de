/**
 * Where a notification leads (spec §2: listing, conversation, order, ticket; a forum thread). Kept free of zod so the
 * app shell (the notification bell) can use it without putting zod in the first-screen bundle.
 */
export function notificationTarget(n: { type: string; data: Record<string, string> }): string | null {
  if (n.type.startsWith('order_') || n.data.orderId) return '/orders';
  if (n.data.ticketId) return `/tickets/${n.data.ticketId}`;
  if (n.data.conversationUserId) return `/messages/${n.data.conversationUserId}`;
  if (n.data.listingId) return `/marketplace/${n.data.listingId}`;
  if (n.data.threadId) return `/forum/post/${n.data.threadId}`;
  return null;
}
