import { defineMessages } from '../i18n/define.ts';

export const directMessageTexts = /* @__PURE__ */ defineMessages('directMessageTexts', {
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be less than 2000 characters',
  recipientRequired: 'Please choose a recipient',
  userNotFound: 'User not found',
  cannotMessageSelf: 'You cannot send a message to yourself',
  blockedByMe: 'You have blocked this user. Unblock them to send messages.',
  blockedByThem: 'This user is not accepting messages from you.',
  cannotBlockSelf: 'You cannot block yourself',
  loginToView: 'You must be logged in to view messages',
  loginToSend: 'You must be logged in to send messages',
  loadConversationsFailed: 'Failed to load conversations',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  deleteFailed: 'Failed to delete conversation',
  sent: 'Message sent successfully',
  deleted: 'Conversation deleted successfully',
  noConversations: 'No conversations yet.',
  noMessages: 'No messages yet. Start the conversation!',
  searchUsers: 'Search users...',
  noUsers: 'No users found.',
  confirmDelete:
    'Delete this conversation? All messages between you and this user will be removed for you. The other user keeps their copy.',
  blocked: 'User blocked',
  unblocked: 'User unblocked',
  /** Issue 36 item 4: shown to both sides on a message naming Discord, Telegram, an email or a phone. */
  offPlatformWarning: 'Trades outside CheatMarket have no buyer protection',
} as const);
