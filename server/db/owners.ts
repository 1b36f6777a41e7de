/**
 * Each table's one owning module (issue 40): only the owner writes it, every other module goes through the
 * owner's functions. server/db/owners.test.ts reads every module's source and fails on a write from any other
 * module, and on a table left out here.
 */
export const tableOwners = {
  accounts: 'sso',
  app_secrets: 'auth',
  audit_log: 'audit',
  avatars: 'me',
  cheat_downloads: 'cheats',
  cheat_status_changes: 'cheats',
  cheat_watches: 'commerce',
  cheats: 'cheats',
  conversations: 'direct-messages',
  deposits: 'payments',
  direct_messages: 'direct-messages',
  email_suppressions: 'mail',
  forum_categories: 'forum',
  forum_mentions: 'forum',
  forum_replies: 'forum',
  forum_reply_likes: 'forum',
  forum_revisions: 'forum',
  forum_thread_users: 'forum',
  forum_threads: 'forum',
  forum_votes: 'forum',
  hooks: 'hooks',
  known_devices: 'sessions',
  ledger_entries: 'wallet',
  listing_content_reveals: 'commerce',
  listing_keys: 'commerce',
  listing_watches: 'commerce',
  // Written by triggers (migrations 0018, 0020: the search words of a listing), never by a module.
  listing_words: 'commerce',
  login_events: 'auth',
  mail_log: 'mail',
  marketplace_listings: 'commerce',
  marketplace_orders: 'commerce',
  marketplace_vouches: 'reputation',
  notifications: 'notifications',
  passkey_challenges: 'passkeys',
  passkeys: 'passkeys',
  payout_destinations: 'withdrawals',
  post_likes: 'social',
  products: 'products',
  profiles: 'profiles',
  push_subscriptions: 'push',
  // The rate limiter's windows (server/plugins/rate-limit.ts), which no module shares.
  rate_limits: 'plugins',
  realtime_instances: 'realtime',
  realtime_presence: 'realtime',
  reports: 'reports',
  review_items: 'review',
  search_words: 'commerce',
  security_alert_tokens: 'sessions',
  sessions: 'sessions',
  site_settings: 'site-settings',
  social_comments: 'social',
  social_posts: 'social',
  spent_challenges: 'anti-bot',
  spent_totp_steps: 'withdrawals',
  ticket_messages: 'tickets',
  tickets: 'tickets',
  // better-auth's two-factor table: written by better-auth itself (the auth module's instance).
  two_factors: 'auth',
  uploads: 'uploads',
  user_blocks: 'direct-messages',
  user_followers: 'profiles',
  user_ranks: 'commerce',
  user_settings: 'me',
  verifications: 'auth',
  withdrawals: 'withdrawals',
} as const;

/**
 * Writes from a module that does not own the table, still to be moved to the owner (each named with its file).
 * The guard fails when one is added, and when one listed here is gone (so the list only shrinks).
 */
export const writesStillToMove: Record<string, readonly string[]> = {
  // The thread's read position and its reply notifications read are one statement (forum/watch.ts).
  notifications: ['forum:watch.ts'],
  // The member row carries columns of several concerns (credits, trust level, vouches, ban, role):
  // splitting it per owner is the next step.
  profiles: [
    'admin:queries.ts',
    'auth:mail-links.ts',
    'auth:service.ts',
    'me:queries.ts',
    'reputation:queries.ts',
    'sso:service.ts',
    'trust:levels.ts',
    'wallet:doors.ts',
    'wallet:service.ts',
  ],
};
