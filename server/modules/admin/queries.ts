import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, newestFirst } from '../../db/cursor.ts';
import {
  forumCategories,
  forumThreads,
  marketplaceOrders,
  profiles,
  reports,
  userRanks,
} from '../../db/schema/index.ts';
import { containing } from '../../db/search.ts';
import { isUuid, lockedRow, rowById, rows } from '../../db/sql.ts';

/** What staff read and change of a member: read before a change and answered after it. */
const adminUserColumns = {
  id: profiles.id,
  username: profiles.username,
  role: profiles.role,
  banned: profiles.banned,
  trustLevel: profiles.trustLevel,
  trustLevelLocked: profiles.trustLevelLocked,
};

export async function findUserForAdmin(db: Db | Tx, id: string) {
  const [row] = await db.select(adminUserColumns).from(profiles).where(eq(profiles.id, id));
  return row;
}

/** Members newest first: profiles_created_at_idx. */
export const userKeyset = newestFirst(profiles.createdAt, profiles.id);
export type AdminUserCursor = [createdAt: string, id: string];

/** One page of members for staff, newest first: one statement whatever the page size. */
export async function listUsers(
  db: Db,
  f: {
    q?: string;
    role?: 'user' | 'moderator' | 'admin';
    banned: boolean;
    after?: AdminUserCursor;
    limit: number;
  },
) {
  const where: SQL[] = [eq(profiles.banned, f.banned)];
  if (f.role) where.push(eq(profiles.role, f.role));
  if (f.q) {
    where.push(isUuid(f.q) ? eq(profiles.id, f.q) : containing(f.q, profiles.username));
  }
  return db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      role: profiles.role,
      banned: profiles.banned,
      trustLevel: profiles.trustLevel,
      trustLevelLocked: profiles.trustLevelLocked,
      balance: profiles.balance,
      credits: profiles.credits,
      createdAt: profiles.createdAt,
      createdAtKey: asKeyText(profiles.createdAt),
      rankId: userRanks.id,
      rankName: userRanks.name,
      rankColor: userRanks.color,
    })
    .from(profiles)
    .leftJoin(userRanks, eq(userRanks.id, profiles.rankId))
    .where(and(...where, userKeyset.after(f.after)))
    .orderBy(...userKeyset.orderBy)
    .limit(userKeyset.limit(f.limit));
}

export function findWallet(db: Db | Tx, id: string) {
  return rowById(db, profiles, { id: profiles.id, balance: profiles.balance, credits: profiles.credits }, id);
}

const startOfDay = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

/** Members, forum posts and reports counted in one statement. */
export async function dashboardCounts(db: Db) {
  const [row] = await db
    .select({
      totalUsers: sql<number>`(select count(*) from ${profiles})`.mapWith(Number),
      newUsersToday:
        sql<number>`(select count(*) from ${profiles} where ${profiles.createdAt} >= ${startOfDay})`.mapWith(
          Number,
        ),
      totalPosts: sql<number>`(select count(*) from ${forumThreads})`.mapWith(Number),
      newPostsToday:
        sql<number>`(select count(*) from ${forumThreads} where ${forumThreads.createdAt} >= ${startOfDay})`.mapWith(
          Number,
        ),
      reportsPending:
        sql<number>`(select count(*) from ${reports} where ${reports.status} = 'pending')`.mapWith(Number),
      reportsTotal: sql<number>`(select count(*) from ${reports})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** The 5 latest forum posts with author and category. */
export async function latestForumPosts(db: Db) {
  return db
    .select({
      id: forumThreads.id,
      title: forumThreads.title,
      createdAt: forumThreads.createdAt,
      authorId: profiles.id,
      username: profiles.username,
      categoryId: forumCategories.id,
      categoryName: forumCategories.name,
    })
    .from(forumThreads)
    .innerJoin(profiles, eq(profiles.id, forumThreads.userId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
    .orderBy(desc(forumThreads.createdAt), desc(forumThreads.id))
    .limit(5);
}

export async function listRanks(db: Db | Tx) {
  return db
    .select({ id: userRanks.id, name: userRanks.name, color: userRanks.color })
    .from(userRanks)
    .orderBy(asc(userRanks.name));
}

export function findRank(db: Db | Tx, id: string) {
  return rowById(db, userRanks, { id: userRanks.id, name: userRanks.name, color: userRanks.color }, id);
}

/** The member's rank before the change, the row locked for this transaction; undefined when unknown. */
export async function lockUserRank(tx: Tx, id: string) {
  return lockedRow(tx, profiles, { id: profiles.id, rankId: profiles.rankId }, id);
}

export async function setUserRank(tx: Tx, id: string, rankId: string | null) {
  await tx.update(profiles).set({ rankId, updatedAt: new Date() }).where(eq(profiles.id, id));
}

/**
 * Sign-ups, forum posts and marketplace sales per UTC day for the last `days` days (today included),
 * oldest first, zero-filled (a refunded order is no sale): one statement (generate_series over the days, each count grouped once).
 */
export async function dailyActivity(db: Db, days: number) {
  const first = sql`(${startOfDay} - make_interval(days => ${days - 1}::int))`;
  const perDay = (
    table: typeof profiles | typeof forumThreads | typeof marketplaceOrders,
    extra: SQL = sql`true`,
  ) =>
    sql`(select date_trunc('day', ${table.createdAt} at time zone 'utc') as day, count(*)::int as n
      from ${table} where ${table.createdAt} >= ${first} and ${extra} group by 1)`;
  const perDayRows = await rows<{ date: string; signups: number; posts: number; sales: number }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as date,
      coalesce(u.n, 0)::int as signups, coalesce(p.n, 0)::int as posts, coalesce(o.n, 0)::int as sales
    from generate_series(${first} at time zone 'utc', ${startOfDay} at time zone 'utc', interval '1 day') as d(day)
    left join ${perDay(profiles)} u on u.day = d.day
    left join ${perDay(forumThreads)} p on p.day = d.day
    left join ${perDay(marketplaceOrders, sql`${marketplaceOrders.status} <> 'refunded'`)} o on o.day = d.day
    order by d.day`,
  );
  return perDayRows.map((r) => ({
    date: r.date,
    signups: Number(r.signups),
    posts: Number(r.posts),
    sales: Number(r.sales),
  }));
}
