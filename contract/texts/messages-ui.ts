import { defineMessages } from '../i18n/define.ts';

/** Direct messages: the conversations, a thread, a new message (issue 41). */
export const messagesUi = /* @__PURE__ */ defineMessages('messagesUi', {
  messages: 'Messages',
  newMessage: 'New Message',
  selectConversation: 'Select a conversation to read it.',
  loadingConversations: 'Loading conversations…',
  conversations: 'Conversations',
  fromYou: (message: string) => `You: ${message}`,
  unread: 'unread',
  loadingMessages: 'Loading messages…',
  conversationWith: (username: string) => `Conversation with ${username}`,
  backToConversations: 'Back to conversations',
  deleteConversation: 'Delete conversation',
  deleteConversationTitle: 'Delete conversation?',
  block: 'Block',
  unblock: 'Unblock',
  send: 'Send',
  writeMessage: 'Write a message...',
  to: 'To',
  viewProfile: 'View Profile',
  change: 'Change',
  sendMessage: 'Send Message',
  searchUsers: 'Search users',
  users: 'Users',
} as const);
