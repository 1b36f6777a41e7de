import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { cheats } from './catalogue.ts';
import { belongsTo, createdAt } from './columns.ts';
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
    cheatId: belongsTo('cheat_id', () => cheats.id),
    userId: belongsTo('user_id', () => profiles.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cheatId, t.userId] }), index('cheat_watches_user_idx').on(t.userId)],
);

export const listingWatches = pgTable(
  'listing_watches',
  {
    listingId: belongsTo('listing_id', () => marketplaceListings.id),
    userId: belongsTo('user_id', () => profiles.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.userId] }), index('listing_watches_user_idx').on(t.userId)],
);
