import { z } from 'zod';
import { idParams } from './id-params.ts';
import { directMessageTexts } from './messages/direct-messages.ts';
import { pageOf } from './pages.ts';
import { personWithAvatar } from './people.ts';
import { textField } from './text-field.ts';

export const directMessageLimits = {
  message: { max: 2000 },
  /** Messages per thread page (the newest first page, older pages before it). */
  threadPageSize: 50,
  conversationPageSize: 30,
} as const;

export const counterpartParams = z.object({ userId: z.uuid({ error: directMessageTexts.userNotFound }) });
export const blockParams = idParams(directMessageTexts.userNotFound);
export const dmPageQuery = z.object({ cursor: z.string().max(300).optional() });

export const messageText = textField(
  directMessageLimits.message,
  directMessageTexts.messageRequired,
  directMessageTexts.messageTooLong,
);

export const sendMessageBody = z.object({
  recipientId: z.uuid({ error: directMessageTexts.recipientRequired }),
  message: messageText,
});

const counterpart = personWithAvatar;

export const directMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  message: z.string(),
  read: z.boolean(),
  /**
   * It names a way to trade off the site (Discord, Telegram, an email, a phone) between a buyer and a seller:
   * both sides see "Trades outside CheatMarket have no buyer protection" on it (issue 36 item 4).
   */
  offPlatform: z.boolean(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

export const conversationSchema = z.object({
  user: counterpart,
  lastMessage: z.object({ message: z.string(), createdAt: z.string(), fromMe: z.boolean() }),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPage = pageOf(conversationSchema);
export type ConversationPage = z.infer<typeof conversationPage>;

/** A thread page: messages oldest first; `nextCursor` fetches the OLDER page before this one. */
export const threadResponse = z.object({
  user: counterpart,
  blockedByMe: z.boolean(),
  blockedByThem: z.boolean(),
  items: z.array(directMessageSchema),
  nextCursor: z.string().nullable(),
});
export type ThreadResponse = z.infer<typeof threadResponse>;

export const blockResponse = z.object({ blocked: z.boolean() });

/** The send box's form (the recipient comes from the page). */
export const messageForm = z.object({ message: messageText });
