import type { z } from 'zod';
import {
  type AddBalanceBody,
  type AdminActivity,
  type AdminDashboard,
  type AdminUserPage,
  activityDays,
  adminUserPageSize,
  type adminUserPatch,
  type SetRankBody,
  type UserRank,
} from '../../../contract/admin.ts';
import { adminMessages, messages } from '../../../contract/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { timeKey, unlessAll } from '../../db/cursor.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { authorize, canAdminister, canModerate, ensure, member } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { setAccess } from '../auth/members.ts';
import { cheatStats } from '../cheats/queries.ts';
import { suspendSellerListings } from '../commerce/listings/service.ts';
import { publishAfterCommit } from '../realtime/bus.ts';
import type { AccountChange, SecurityAlerts } from '../sessions/alerts.ts';
import { deleteAllSessions } from '../sessions/queries.ts';
import { lockTrustLevel, recomputeUnlocked } from '../trust/levels.ts';
import { grant } from '../wallet/service.ts';
import {
  dailyActivity,
  dashboardCounts,
  findRank,
  findUserForAdmin,
  findWallet,
  latestForumPosts,
  listRanks as listRanksQuery,
  listUsers as listUsersQuery,
  lockUserRank,
  setUserRank,
  userKeyset,
} from './queries.ts';

type Patch = z.infer<typeof adminUserPatch>;

/**
 * Ban/unban, role and trust-level changes (spec §6, issue 36): admins ban anyone but themselves, moderators
 * only non-admins other than themselves; only admins change roles, never their own; staff set (and lock) or
 * unlock a member's trust level. A ban ends
 * every live session of the member in the same transaction; the member's security alert follows the commit.
 */
export async function updateUser(
  db: Db,
  viewer: Viewer,
  targetId: string,
  patch: Patch,
  alerts: Pick<SecurityAlerts, 'accountChanged'>,
) {
  ensure(canModerate(viewer), messages.forbidden);
  const changes: AccountChange[] = [];
  return db.transaction(async (tx) => {
    const updated = await applyUserPatch(tx, viewer, targetId, patch, changes);
    await alerts.accountChanged(changes, tx);
    return updated;
  });
}

/**
 * updateUser's rules and writes inside the caller's transaction (a report's Ban User uses it too); a ban
 * or role change is added to `changes`, for the caller to alert after its commit.
 */
export async function applyUserPatch(
  tx: Tx,
  viewer: Viewer,
  targetId: string,
  patch: Patch,
  changes: AccountChange[],
) {
  const target = orNotFound(await findUserForAdmin(tx, targetId), adminMessages.userNotFound);
  if (patch.role !== undefined) {
    authorize(viewer, 'changeRole', member(target));
  }
  if (patch.banned !== undefined) {
    authorize(viewer, 'ban', member(target));
  }
  const { trustLevel } = patch;
  // Each column group through its owner (decision 056): role and ban are auth's, the trust level trust's.
  let updated = { ...target };
  if (patch.role !== undefined || patch.banned !== undefined)
    updated = { ...updated, ...(await setAccess(tx, target.id, { role: patch.role, banned: patch.banned })) };
  // A level: set and locked there. Null: unlocked, and recomputed from history.
  if (trustLevel) updated = { ...updated, ...(await lockTrustLevel(tx, target.id, trustLevel)) };
  if (trustLevel === null)
    updated = { ...updated, trustLevel: await recomputeUnlocked(tx, target.id), trustLevelLocked: false };
  if (
    trustLevel !== undefined &&
    (updated.trustLevel !== target.trustLevel || updated.trustLevelLocked !== target.trustLevelLocked)
  ) {
    await audit(tx, viewer, {
      action: 'user.trust_level',
      targetType: 'user',
      targetId: target.id,
      before: { trustLevel: target.trustLevel, locked: target.trustLevelLocked },
      after: { trustLevel: updated.trustLevel, locked: updated.trustLevelLocked },
    });
  }
  if (patch.banned) await deleteAllSessions(tx, target.id);
  if (patch.banned !== undefined && patch.banned !== target.banned)
    await suspendSellerListings(tx, target.id, patch.banned);
  if (patch.banned !== undefined && patch.banned !== target.banned) {
    await audit(tx, viewer, {
      action: patch.banned ? 'user.ban' : 'user.unban',
      targetType: 'user',
      targetId: target.id,
      before: { banned: target.banned },
      after: { banned: updated.banned },
    });
  }
  if (updated.banned && !target.banned) changes.push({ kind: 'banned', userId: target.id });
  if (patch.role !== undefined && patch.role !== target.role) {
    changes.push({ kind: 'role-changed', userId: target.id, role: updated.role });
    await audit(tx, viewer, {
      action: 'user.role',
      targetType: 'user',
      targetId: target.id,
      before: { role: target.role },
      after: { role: updated.role },
    });
  }
  if (updated.banned !== target.banned || updated.role !== target.role) {
    // Live (after commit): the member's tabs update their role, or are signed out at once on a ban.
    await publishAfterCommit(tx, {
      room: `user:${target.id}`,
      event: 'profile',
      payload: { banned: updated.banned, role: updated.role },
    });
  }
  return updated;
}

/** Staff: members newest first, searchable by username or exact id, by role, banned or not. */
export async function listUsers(
  db: Db,
  viewer: Viewer,
  query: {
    q?: string;
    role: 'all' | 'user' | 'moderator' | 'admin';
    banned: 'true' | 'false';
    cursor?: string;
  },
): Promise<AdminUserPage> {
  ensure(canModerate(viewer), messages.forbidden);
  const after = userKeyset.decode(query.cursor);
  const found = await listUsersQuery(db, {
    q: query.q || undefined,
    role: unlessAll(query.role),
    banned: query.banned === 'true',
    after,
    limit: adminUserPageSize,
  });
  return userKeyset.page(
    found,
    adminUserPageSize,
    timeKey,
    ({ createdAtKey: _, rankId, rankName, rankColor, ...r }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      rank: rankId && rankName && rankColor ? { id: rankId, name: rankName, color: rankColor } : null,
    }),
  );
}

/** Admins add balance or credits through the wallet's ledger; audited in the same transaction. */
export async function addBalance(db: Db, viewer: Viewer, targetId: string, body: AddBalanceBody) {
  ensure(canAdminister(viewer), adminMessages.onlyAdminsAddBalance);
  return db.transaction(async (tx) => {
    const before = orNotFound(await findWallet(tx, targetId), adminMessages.userNotFound);
    const value = await grant(tx, {
      userId: targetId,
      currency: body.currency,
      amount: body.amount,
      description: body.description,
      adminId: viewer.id,
    });
    if (value === null) throw new AppError('NOT_FOUND', adminMessages.userNotFound);
    await audit(tx, viewer, {
      action: 'user.grant',
      targetType: 'user',
      targetId,
      before: { [body.currency]: before[body.currency] },
      after: { [body.currency]: value, amount: body.amount, description: body.description },
    });
    return { ...before, [body.currency]: value };
  });
}

/** The dashboard's cards, latest forum posts and reports overview (staff): three statements. */
export async function getDashboard(db: Db, viewer: Viewer): Promise<AdminDashboard> {
  ensure(canModerate(viewer), messages.forbidden);
  const [counts, cheats, latest] = await Promise.all([
    dashboardCounts(db),
    cheatStats(db),
    latestForumPosts(db),
  ]);
  return {
    totalUsers: counts.totalUsers,
    newUsersToday: counts.newUsersToday,
    totalPosts: counts.totalPosts,
    newPostsToday: counts.newPostsToday,
    activeCheats: cheats.activeCheats,
    activeCheatsToday: cheats.activeCheatsToday,
    totalDownloads: cheats.totalDownloads,
    downloadsToday: cheats.downloadsToday,
    reports: { pending: counts.reportsPending, total: counts.reportsTotal },
    latestPosts: latest.map((p) => ({
      id: p.id,
      title: p.title,
      createdAt: p.createdAt.toISOString(),
      author: { id: p.authorId, username: p.username },
      category: { id: p.categoryId, name: p.categoryName },
    })),
  };
}

/** The dashboard chart: sign-ups, forum posts and sales per day over the last 30 days (staff). */
export async function getActivity(db: Db, viewer: Viewer): Promise<AdminActivity> {
  ensure(canModerate(viewer), messages.forbidden);
  return { days: await dailyActivity(db, activityDays) };
}

/** The seller ranks, for the users screen's rank choice (staff). */
export async function listRanks(db: Db, viewer: Viewer): Promise<UserRank[]> {
  ensure(canModerate(viewer), messages.forbidden);
  return listRanksQuery(db);
}

/** Admins give a member a rank or clear it (null); audited in the same transaction. */
export async function setRank(db: Db, viewer: Viewer, targetId: string, body: SetRankBody) {
  ensure(canAdminister(viewer), adminMessages.onlyAdminsRank);
  return db.transaction(async (tx) => {
    const target = orNotFound(await lockUserRank(tx, targetId), adminMessages.userNotFound);
    const rank = body.rankId ? await findRank(tx, body.rankId) : null;
    if (rank === undefined) throw new AppError('NOT_FOUND', adminMessages.rankNotFound);
    const before = target.rankId ? ((await findRank(tx, target.rankId)) ?? null) : null;
    if ((rank?.id ?? null) !== target.rankId) {
      await setUserRank(tx, targetId, rank?.id ?? null);
      await audit(tx, viewer, {
        action: 'user.rank',
        targetType: 'user',
        targetId,
        before: { rank: before ? { id: before.id, name: before.name } : null },
        after: { rank: rank ? { id: rank.id, name: rank.name } : null },
      });
    }
    return { id: targetId, rank };
  });
}
