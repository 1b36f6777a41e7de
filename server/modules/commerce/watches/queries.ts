import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type CheatStatus, cheatStatusLabels } from '../../../../contract/cheats.ts';
import { type DetectionStatus, detectionStatusLabels } from '../../../../contract/detection.ts';
import { notices as n } from '../../../../contract/texts/notices.ts';
import { detectedDispute } from '../../../../contract/watches.ts';
import type { Tx } from '../../../db/client.ts';
import {
  cheats,
  cheatWatches,
  marketplaceListings as listings,
  listingWatches,
  marketplaceOrders as orders,
} from '../../../db/schema/index.ts';
import { type Executor, lockedRow } from '../../../db/sql.ts';
import { inLocale } from '../../../i18n.ts';
import { inMembersLanguage, memberLocale, notifyManyGrouped } from '../../notifications/service.ts';

/** Starts watching a cheat; false when there is no such cheat (watching twice is still watching). */
export async function watchCheat(db: Executor, cheatId: string, userId: string) {
  const [found] = await db.select({ id: cheats.id }).from(cheats).where(eq(cheats.id, cheatId));
  if (!found) return false;
  await db.insert(cheatWatches).values({ cheatId, userId }).onConflictDoNothing();
  return true;
}

export async function watchListing(db: Executor, listingId: string, userId: string) {
  await db.insert(listingWatches).values({ listingId, userId }).onConflictDoNothing();
}

/**
 * The body of a CTE that makes each `(listing_id, user_id)` row of `rows` a watch (watching twice is still
 * watching): for a caller that watches inside a statement of its own (the purchase).
 */
export function watchListingsSql(rows: SQL) {
  return sql`insert into ${listingWatches} (listing_id, user_id)
    select r.listing_id, r.user_id from (${rows}) r
    on conflict do nothing
    returning 1`;
}

/** What a member may watch: its watch table and the column naming the watched row. */
const watchTables = {
  cheat: [cheatWatches, cheatWatches.cheatId],
  listing: [listingWatches, listingWatches.listingId],
} as const;
type Watched = keyof typeof watchTables;

/** The member's watch on the row, as the watch table's primary key reads it. */
function watchOf(kind: Watched, id: string, userId: string) {
  const [table, watched] = watchTables[kind];
  return { table, watched, where: and(eq(watched, id), eq(table.userId, userId)) };
}

export async function unwatch(db: Executor, kind: Watched, id: string, userId: string) {
  const { table, where } = watchOf(kind, id, userId);
  await db.delete(table).where(where);
}

export async function isWatching(db: Executor, kind: Watched, id: string, userId: string) {
  const { table, watched, where } = watchOf(kind, id, userId);
  const [row] = await db.select({ id: watched }).from(table).where(where);
  return Boolean(row);
}

/** The listing's seller, type and detection status, locked: two changes at once alert in order. */
export async function lockListingDetection(tx: Tx, id: string) {
  return lockedRow(
    tx,
    listings,
    {
      sellerId: listings.userId,
      title: listings.title,
      status: listings.status,
      type: listings.type,
      detectionStatus: listings.detectionStatus,
    },
    id,
  );
}

export async function setDetectionStatus(tx: Tx, id: string, detectionStatus: DetectionStatus) {
  await tx.update(listings).set({ detectionStatus, updatedAt: sql`now()` }).where(eq(listings.id, id));
}

/**
 * One unread alert per member and watched cheat or listing (issue 36: ten status flips were ten notices and
 * ten mails): a change while one is unread replaces what it says with the latest status and moves it up.
 */
const latestAlert = sql`on conflict (user_id, coalesce(data ->> 'cheatId', data ->> 'listingId'))
  where type = 'detection_alert' and read = false
  do update set title = excluded.title, content = excluded.content, data = excluded.data, created_at = now()`;

/**
 * Every watcher of the cheat but the staff member who changed it gets a detection alert: one INSERT … SELECT
 * with its live events, and their mail jobs, in the caller's transaction.
 */
export async function alertCheatWatchers(
  tx: Tx,
  cheat: { id: string; title: string; from: CheatStatus; to: CheatStatus },
  actorId: string,
) {
  const content = inMembersLanguage(sql`ml.locale`, (l) =>
    inLocale(l, n).cheatStatus(cheat.title, inLocale(l, cheatStatusLabels)[cheat.to]),
  );
  await notifyManyGrouped(
    tx,
    sql`select w.user_id, ml.locale, ${content} as content,
        ${JSON.stringify({ cheatId: cheat.id })}::jsonb as data
      from ${cheatWatches} w, lateral (select ${memberLocale(sql`w.user_id`)} as locale) ml
      where w.cheat_id = ${cheat.id}::uuid and w.user_id <> ${actorId}::uuid`,
    'detection_alert',
    (l) => inLocale(l, n).cheatStatusTitle,
    latestAlert,
  );
}

/**
 * A listing's detection status changed: its watchers are alerted (not whoever changed it). When it turned
 * detected, a buyer whose order is still held inside the protection window is alerted too (watching or not)
 * and their alert carries that order with the dispute offer; everyone else's carries the listing only. One
 * INSERT … SELECT whatever the number of recipients.
 */
export async function alertListingWatchers(
  tx: Tx,
  listing: { id: string; title: string; status: DetectionStatus; detected: boolean },
  actorId: string,
) {
  const plain = inMembersLanguage(sql`ml.locale`, (l) =>
    inLocale(l, n).listingStatus(listing.title, inLocale(l, detectionStatusLabels)[listing.status]),
  );
  const offer = inMembersLanguage(sql`ml.locale`, (l) => inLocale(l, n).detectedInWindow(listing.title));
  const inWindow = sql`o.status = 'held' and o.release_at > now()`;
  await notifyManyGrouped(
    tx,
    sql`select r.user_id, ml.locale,
        case when h.id is null then ${plain} else ${offer} end as content,
        case when h.id is null then jsonb_build_object('listingId', ${listing.id}::text)
          else jsonb_build_object('listingId', ${listing.id}::text, 'orderId', h.id::text, 'dispute', ${detectedDispute}::text)
        end as data
      from (
        select w.user_id from ${listingWatches} w where w.listing_id = ${listing.id}::uuid
        union
        select o.buyer_id from ${orders} o
        where ${listing.detected} and o.listing_id = ${listing.id}::uuid and o.buyer_id is not null and ${inWindow}
      ) r
      left join lateral (
        select o.id from ${orders} o
        where ${listing.detected} and o.listing_id = ${listing.id}::uuid and o.buyer_id = r.user_id and ${inWindow}
        order by o.release_at desc limit 1
      ) h on true
      cross join lateral (select ${memberLocale(sql`r.user_id`)} as locale) ml
      where r.user_id <> ${actorId}::uuid`,
    'detection_alert',
    (l) => (listing.detected ? inLocale(l, n).listingDetectedTitle : inLocale(l, n).detectionChangedTitle),
    latestAlert,
  );
}
