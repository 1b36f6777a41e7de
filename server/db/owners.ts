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
  // The member row: its column groups have their own owners (columnOwners, below).
  profiles: 'auth',
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
export const writesStillToMove: Record<string, readonly string[]> = {};

/**
 * A table whose columns belong to different concerns, split by column group (decision 056): each group is
 * written only by its module, through typed functions the others call (in the caller's transaction, so a hot
 * path keeps its statement count). The table's owner (tableOwners) writes the row itself (insert, delete) and
 * every column not named here. Columns as in SQL.
 */
export const columnOwners: Record<string, Record<string, readonly string[]>> = {
  profiles: {
    // Money moves only through the wallet, with its ledger rows (architecture rule 2).
    wallet: ['balance', 'credits', 'earned_credits'],
    // Earned from history or set and locked by staff: trust/levels.ts.
    trust: ['trust_level', 'trust_level_locked'],
    // The feedback counters move with the vouch that counts (reputation/queries.ts).
    reputation: ['vouches', 'rating_total'],
    // What the member edits on their own profile.
    me: ['username', 'bio', 'avatar_url'],
    // The rank staff give a member.
    admin: ['rank_id'],
    // auth (the row's owner): id, email, email_verified, two_factor_enabled, role, banned, created_at.
  },
};

/** Columns every writer of a row keeps up to date with its own change. */
export const bookkeepingColumns: readonly string[] = ['updated_at'];
