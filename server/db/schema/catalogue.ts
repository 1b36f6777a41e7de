import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cheatStatuses } from '../../../contract/cheats.ts';
import { productStatuses } from '../../../contract/products.ts';
import { profiles } from './auth.ts';
import { belongsTo, createdAt, primaryId, timestamps, trigramIndex } from './columns.ts';
import { memberOrGone } from './member-rows.ts';

/** The official catalogue (spec §3 products): pinned first, then newest. */
export const products = pgTable(
  'products',
  {
    id: primaryId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    salesUrl: text('sales_url').notNull(),
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    isPinned: boolean('is_pinned').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // The list's sort, with and without the status filter.
    index('products_order_idx').on(t.isPinned.desc(), t.createdAt.desc(), t.id.desc()),
    index('products_status_order_idx').on(t.status, t.isPinned.desc(), t.createdAt.desc(), t.id.desc()),
    // Case-insensitive substring search (ILIKE '%q%') on title and description uses these trigram indexes.
    trigramIndex('products_title_trgm_idx', t.title),
    trigramIndex('products_description_trgm_idx', t.description),
  ],
);

/** The cheat status board: staff publish cheats, members download them. */
export const cheats = pgTable(
  'cheats',
  {
    id: primaryId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    game: text('game').notNull(),
    status: text('status', { enum: cheatStatuses }).notNull().default('undetected'),
    downloadUrl: text('download_url').notNull(),
    /** Counted downloads (one per member per cheat per day), kept in the row so lists never aggregate. */
    downloads: integer('downloads').notNull().default(0),
    publishedBy: memberOrGone('published_by'),
    ...timestamps(),
  },
  (t) => [
    check('cheats_downloads_check', sql`${t.downloads} >= 0`),
    index('cheats_order_idx').on(t.createdAt.desc(), t.id.desc()),
    index('cheats_status_order_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // Global search (realtime/search issue): trigram matching on the title.
    trigramIndex('cheats_title_trgm_idx', t.title),
    trigramIndex('cheats_game_trgm_idx', t.game),
    // Global search's exact and prefix candidates (server/db/search.ts).
    index('cheats_title_lower_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`),
  ],
);

/** One row per member per cheat per day: the download counter moves only when a row is inserted. */
export const cheatDownloads = pgTable(
  'cheat_downloads',
  {
    cheatId: belongsTo('cheat_id', () => cheats.id),
    userId: belongsTo('user_id', () => profiles.id),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cheatId, t.userId, t.day] }), index('cheat_downloads_day_idx').on(t.day)],
);

/** The status timeline of a cheat; the first row (from_status null) is its publication. */
export const cheatStatusChanges = pgTable(
  'cheat_status_changes',
  {
    id: primaryId(),
    cheatId: belongsTo('cheat_id', () => cheats.id),
    fromStatus: text('from_status', { enum: cheatStatuses }),
    toStatus: text('to_status', { enum: cheatStatuses }).notNull(),
    changedBy: memberOrGone('changed_by'),
    createdAt: createdAt(),
  },
  (t) => [index('cheat_status_changes_cheat_idx').on(t.cheatId, t.createdAt, t.id)],
);
