import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { cheats } from './catalogue.ts';
import { marketplaceListings } from './marketplace.ts';

/*
 * Detection alerts (issue 18, decision 022): members watch a cheat or a cheat listing, and every watcher is
 * notified when its status changes. Two tables rather than one with a kind, so each target has a real foreign
 * key (a deleted cheat or listing takes its watches with it). The key is (target, member): the fan-out reads
 * a target's watchers in key order, and "am I watching" is the same index.
 */

export const cheatWatches = pgTable(
  'cheat_watches',
  {
    cheatId: uuid('cheat_id')
      .notNull()
      .references(() => cheats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cheatId, t.userId] }), index('cheat_watches_user_idx').on(t.userId)],
);

export const listingWatches = pgTable(
  'listing_watches',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.userId] }), index('listing_watches_user_idx').on(t.userId)],
);
