import { defineMessages } from '../i18n/define.ts';

/**
 * Words the community screens share (forum, feed, profiles, tickets, messages; issue 41): one key per text.
 * Small on purpose: the feed's first screen carries it.
 */
export const communityUi = /* @__PURE__ */ defineMessages('communityUi', {
  title: 'Title',
  message: 'Message',
  admin: 'Admin',
  moderator: 'Moderator',
  follow: 'Follow',
  unfollow: 'Unfollow',
  pinned: 'Pinned',
  locked: 'Locked',
  yourReply: 'Your reply',
  loadingPosts: 'Loading posts…',
  /** A like count: the figure is shown, the words are for screen readers. */
  likes: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'like' : 'likes'}`,
} as const);
