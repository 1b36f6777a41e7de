import { eq, type SQL, sql } from 'drizzle-orm';
import { siteSettingDefaults, siteSettingSchemas } from '../../../contract/site.ts';
import { type TrustLevel, trustLevels } from '../../../contract/trust.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  forumReplies,
  forumThreads,
  marketplaceOrders,
  profiles,
  siteSettings,
  socialPosts,
} from '../../db/schema/index.ts';
import { type Executor, rows } from '../../db/sql.ts';

/** The `trust` site setting: what unlocks each level and each level's limits (stored value over default). */
export type TrustTerms = (typeof siteSettingSchemas)['trust']['_output'];

export async function trustTerms(db: Executor): Promise<TrustTerms> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} = 'trust'`);
  return termsFrom(row?.value);
}

/** The stored `trust` setting as an SQL value (null when none is stored), for a statement that reads it along. */
export const trustSetting = sql<unknown>`(select ${siteSettings.value} from ${siteSettings} where ${siteSettings.key} = 'trust')`;

/** The terms a stored `trust` setting holds, or the defaults when none is stored (or it no longer parses). */
export function termsFrom(value: unknown): TrustTerms {
  const parsed = siteSettingSchemas.trust.safeParse(value);
  return parsed.success ? parsed.data : (siteSettingDefaults.trust as TrustTerms);
}

/** Levels in order, 1-based as SQL's array_position counts. */
const levelArray = sql.raw(`array[${trustLevels.map((l) => `'${l}'`).join(', ')}]::text[]`);
const rank = (level: SQL) => sql`array_position(${levelArray}, ${level})`;

/** At least `n` rows: counts no further than n (an index range read that stops early). */
const atLeast = (n: number, from: SQL) => sql`(select count(*) from (${from} limit ${n}) c) >= ${n}`;

/**
 * The level a member's history earns (contract/trust.ts), as an SQL expression over a `profiles` row `p`:
 * - `member`: the address is verified, the account is `memberAfterDays` old and has published
 *   `memberAfterPosts` posts (forum threads, replies and social posts; a held post is in none of those
 *   tables until staff approve it);
 * - `trusted`: all that, and `trustedAfterDays` old, `trustedAfterSales` released orders as seller or buyer,
 *   and no dispute lost. A dispute is lost by the party staff settled against: the seller when any of the
 *   price went back to the buyer (a refund or a split), the buyer when staff released it all to the seller.
 */
function earnedLevel(t: TrustTerms): SQL<TrustLevel> {
  const p = sql.raw('p');
  const member = sql`(${p}.email_verified
    and ${p}.created_at <= now() - make_interval(days => ${t.memberAfterDays}::int)
    and ${atLeast(
      t.memberAfterPosts,
      sql`select 1 from ${forumThreads} where ${forumThreads.userId} = ${p}.id
        union all select 1 from ${forumReplies} where ${forumReplies.userId} = ${p}.id
        union all select 1 from ${socialPosts} where ${socialPosts.userId} = ${p}.id`,
    )})`;
  const o = marketplaceOrders;
  const trusted = sql`(${p}.created_at <= now() - make_interval(days => ${t.trustedAfterDays}::int)
    and ${atLeast(
      t.trustedAfterSales,
      sql`select 1 from ${o} where ${o.sellerId} = ${p}.id and ${o.status} = 'released'
        union all select 1 from ${o} where ${o.buyerId} = ${p}.id and ${o.status} = 'released'`,
    )}
    and not exists (select 1 from ${o} where ${o.disputedAt} is not null and ${o.settledBy} is not null
      and ((${o.sellerId} = ${p}.id and ${o.refundedAmount} > 0)
        or (${o.buyerId} = ${p}.id and ${o.status} = 'released' and ${o.refundedAmount} = 0))))`;
  return sql<TrustLevel>`case when ${member} and ${trusted} then 'trusted'
    when ${member} then 'member' else 'new' end`;
}

/**
 * Moves members up to the level their history earns: never down (a level once earned stays; staff lower
 * one by setting it), and never a level staff locked. `which` picks the members, over `profiles p`.
 */
async function promote(db: Executor, t: TrustTerms, which: SQL) {
  return rows<{ id: string; trust_level: TrustLevel }>(
    db,
    sql`update ${profiles} set trust_level = j.earned, updated_at = now()
      from (select p.id, ${earnedLevel(t)} as earned from ${profiles} p
        where not p.trust_level_locked and p.trust_level <> 'trusted' and ${which}) j
      where ${profiles.id} = j.id and ${rank(sql`j.earned`)} > ${rank(sql`${profiles.trustLevel}`)}
      returning ${profiles.id} as id, ${profiles.trustLevel} as trust_level`,
  );
}

/**
 * Recomputes one member's level after an event that may earn one (their address verified, a post of theirs
 * published, an order of theirs released): promotes only, leaves a locked level alone. Returns the new level
 * when it moved. Other modules call it inside the transaction of that event.
 */
export async function refreshTrustLevel(tx: Tx | Db, userId: string): Promise<TrustLevel | undefined> {
  const [moved] = await promote(tx, await trustTerms(tx), sql`p.id = ${userId}::uuid`);
  return moved?.trust_level;
}

/**
 * The periodic pass (a queue job) for what time alone earns: one UPDATE … FROM over the members who could
 * move (not locked, not yet trusted, verified and old enough for the next level); returns how many moved.
 */
export async function refreshTrustLevels(db: Db): Promise<number> {
  const t = await trustTerms(db);
  const youngest = Math.min(t.memberAfterDays, t.trustedAfterDays);
  const moved = await promote(
    db,
    t,
    sql`p.email_verified and p.created_at <= now() - make_interval(days => ${youngest}::int)`,
  );
  return moved.length;
}

/**
 * Staff unlock a level: the member goes to what their history earns now, up or down (the locked level was
 * staff's, not theirs). Returns the level.
 */
export async function recomputeUnlocked(tx: Tx, userId: string): Promise<TrustLevel> {
  const [row] = await rows<{ trust_level: TrustLevel }>(
    tx,
    sql`update ${profiles} set trust_level = (select ${earnedLevel(await trustTerms(tx))} from ${profiles} p
        where p.id = ${userId}::uuid), trust_level_locked = false, updated_at = now()
      where ${profiles.id} = ${userId}::uuid
      returning ${profiles.trustLevel} as trust_level`,
  );
  return row!.trust_level;
}

/**
 * Staff (or seeding) set a member's level and lock it there: history no longer moves it until it is unlocked
 * (recomputeUnlocked). The trust module owns the two columns (decision 056); admin and auth call this. Answers
 * the level and the lock as stored, or undefined when the member is not there.
 */
export async function lockTrustLevel(tx: Executor, userId: string, level: TrustLevel) {
  const [row] = await tx
    .update(profiles)
    .set({ trustLevel: level, trustLevelLocked: true, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ trustLevel: profiles.trustLevel, trustLevelLocked: profiles.trustLevelLocked });
  return row;
}
