/**
 * The home page's words (issue 41): the welcome, the three reasons, the join card and the online column. Its
 * own group, read only by the home page's chunk: the shell's first screen on other pages does not carry it.
 */
import { defineMessages } from '../i18n/define.ts';

export const homeUi = /* @__PURE__ */ defineMessages('homeUi', {
  tagline: 'Community & marketplace',
  welcome: 'Welcome to CheatMarket',
  intro:
    'The platform for premium game cheats and hacks. Discover trusted tools, trade accounts and items with the community, and get help whenever you need it.',
  browseMarketplace: 'Browse Marketplace',
  joinNow: 'Join Now',
  whyHeading: 'Why CheatMarket',
  qualityTitle: 'Premium quality',
  qualityText: 'Hand-picked cheats and hacks from trusted developers, updated with every patch.',
  supportTitle: '24/7 support',
  supportText: 'Stuck on a setup or an order? Our team answers tickets around the clock.',
  paymentsTitle: 'Secure payments',
  paymentsText: 'Pay with credits, with buyer protection on every marketplace purchase.',
  readyToJoin: 'Ready to join?',
  joinText: 'Create a free account to post, trade with other members and open support tickets.',
  createAccount: 'Create free account',
  onlineUsers: 'Online users',
  latestAside: 'Latest posts and threads',
  latestPosts: 'Latest posts',
  latestThreads: 'Latest threads',
  viewAll: 'View all',
  online: 'Online',
  /** After the count, for screen readers: "3 online". */
  onlineCount: 'online',
  signInToSeeOnline: "Sign in to see who's online",
  loadingOnline: 'Loading online users…',
  noUsersOnline: 'No users online',
  onlineList: 'Online users list',
} as const);
