import { forumPostPath } from '../../../contract/forum-links.ts';

/** Where a notification leads (its mail's button, its push's click), from the ids it carries. */
export function notificationLink(publicUrl: string, type: string, data: Record<string, string>) {
  if (data.dispute && data.orderId)
    return [`${publicUrl}/orders?dispute=${data.orderId}`, 'Open a dispute'] as const;
  if (data.hookPath) return [`${publicUrl}${data.hookPath}`, 'Open your webhooks'] as const;
  if (data.cheatId) return [`${publicUrl}/cheats/${data.cheatId}`, 'Open the cheat'] as const;
  if (data.ticketId) return [`${publicUrl}/tickets/${data.ticketId}`, 'Open the ticket'] as const;
  if (data.conversationUserId)
    return [`${publicUrl}/messages/${data.conversationUserId}`, 'Open the conversation'] as const;
  if (data.orderId) return [`${publicUrl}/orders`, 'Open your orders'] as const;
  if (data.listingId) return [`${publicUrl}/marketplace/${data.listingId}`, 'Open the listing'] as const;
  if (data.threadId)
    return [
      publicUrl + forumPostPath(data.threadId, data.replyId),
      data.replyId ? 'Open the post' : 'Open the thread',
    ] as const;
  return [`${publicUrl}/${type === 'message_new' ? 'messages' : ''}`, 'Open'] as const;
}
