import { reportMessages as m, messages } from '../../../contract/messages.ts';
import {
  type AdminReportPage,
  adminReportPageSize,
  type ReportCreated,
  type ReportStatus,
  type ReportStatusFilter,
  type ReportTargetType,
} from '../../../contract/reports.ts';
import type { Db, Tx } from '../../db/client.ts';
import { timeKey, unlessAll } from '../../db/cursor.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { authorize, canAdminister, canModerate, content, ensure } from '../../policy.ts';
import { applyUserPatch } from '../admin/service.ts';
import { audit } from '../audit/service.ts';
import { announce } from '../hooks/service.ts';
import type { AccountChange, SecurityAlerts } from '../sessions/alerts.ts';
import * as q from './queries.ts';

/** A member reports one piece of content that exists and is not their own; staff review it later. */
export async function createReport(
  db: Db,
  viewer: Viewer,
  body: { target: { type: ReportTargetType; id: string }; reason: string },
): Promise<ReportCreated> {
  const author = await q.findTargetAuthor(db, body.target.type, body.target.id);
  if (author === undefined) throw new AppError('NOT_FOUND', m.targetNotFound);
  authorize(viewer, 'report', content(author));
  return db.transaction(async (tx) => {
    const report = await q.insertReport(tx, viewer.id, body.target.type, body.target.id, body.reason);
    await announce(tx, 'staff', 'report', {
      title: 'New report',
      text: `${viewer.username} reported a ${body.target.type}: ${body.reason}`,
      path: '/admin/reports',
    });
    return report;
  });
}

// --- staff moderation (spec §2 Admin Reports, §4 Report, §6) -----------------------------------------

/** Where the reported content is shown on the site. */
function hrefOf(
  type: ReportTargetType,
  id: string,
  r: { commentPostId: string | null; replyThreadId: string | null },
) {
  switch (type) {
    case 'post':
      return `/posts#post-${id}`;
    case 'comment':
      return r.commentPostId ? `/posts#post-${r.commentPostId}` : null;
    case 'thread':
      return `/forum/post/${id}`;
    case 'reply':
      return r.replyThreadId ? `/forum/post/${r.replyThreadId}` : null;
    case 'cheat':
      return `/cheats/${id}`;
    case 'listing':
      return `/marketplace/${id}`;
  }
}

/** Staff: reports newest first, by status (default pending), with reporter, resolver and the content. */
export async function listReports(
  db: Db,
  viewer: Viewer,
  query: { status: ReportStatusFilter; cursor?: string },
): Promise<AdminReportPage> {
  ensure(canModerate(viewer), messages.forbidden);
  const after = q.reportKeyset.decode(query.cursor);
  const found = await q.listReports(db, {
    status: unlessAll(query.status),
    after,
    limit: adminReportPageSize,
  });
  return q.reportKeyset.page(found, adminReportPageSize, timeKey, (r) => {
    // The content is there when its preview is (a target id alone can outlive nothing: the FK nulls it).
    const present = r.targetId !== null && r.preview !== null;
    return {
      id: r.id,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
      reporter: r.reporterId && r.reporterName ? { id: r.reporterId, username: r.reporterName } : null,
      resolver: r.resolverId && r.resolverName ? { id: r.resolverId, username: r.resolverName } : null,
      target: {
        type: r.targetType,
        id: present ? r.targetId : null,
        preview: present ? r.preview : null,
        href: present ? hrefOf(r.targetType, r.targetId!, r) : null,
        author: r.authorId && r.authorName ? { id: r.authorId, username: r.authorName } : null,
        images: present
          ? (r.images ?? []).map((file) => ({ id: file.slice(0, 36), url: `/media/${file}` }))
          : [],
      },
    };
  });
}

const summary = (r: q.ReportRow) => ({
  status: r.status,
  targetType: r.targetType,
  targetId: q.targetIdOf(r),
});

/** A pending report, locked for this transaction; 404 when unknown, 409 when already decided. */
async function lockPending(tx: Tx, id: string) {
  const report = orNotFound(await q.lockReport(tx, id), m.notFound);
  if (report.status !== 'pending') throw new AppError('CONFLICT', m.alreadyHandled);
  return report;
}

/** Staff resolve or dismiss a pending report; the resolver and time are recorded and audited. */
export async function decideReport(
  db: Db,
  viewer: Viewer,
  id: string,
  status: 'resolved' | 'dismissed',
): Promise<{ id: string; status: ReportStatus }> {
  ensure(canModerate(viewer), messages.forbidden);
  return db.transaction(async (tx) => {
    const report = await lockPending(tx, id);
    const updated = await q.decideReport(tx, id, status, viewer.id);
    if (!updated) throw new AppError('CONFLICT', m.alreadyHandled);
    await audit(tx, viewer, {
      action: status === 'resolved' ? 'report.resolve' : 'report.dismiss',
      targetType: 'report',
      targetId: id,
      before: summary(report),
      after: { status: updated.status },
    });
    return { id, status: updated.status };
  });
}

/** Staff: 'Delete Content' deletes the reported post, comment, thread, reply, cheat or listing, then resolves. */
export async function deleteReportedContent(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<{ id: string; status: ReportStatus }> {
  ensure(canModerate(viewer), messages.forbidden);
  return db.transaction(async (tx) => {
    const report = await lockPending(tx, id);
    const targetId = q.targetIdOf(report);
    const deleted = targetId ? await q.deleteTarget(tx, report.targetType, targetId) : undefined;
    if (!targetId || !deleted) throw new AppError('NOT_FOUND', m.targetNotFound);
    const updated = await q.decideReport(tx, id, 'resolved', viewer.id);
    if (!updated) throw new AppError('CONFLICT', m.alreadyHandled);
    await audit(tx, viewer, {
      action: 'report.delete_content',
      targetType: 'report',
      targetId: id,
      before: { ...summary(report), content: { authorId: deleted.userId, text: deleted.text } },
      after: { status: updated.status, contentDeleted: true },
    });
    return { id, status: updated.status };
  });
}

/** Admins only: 'Ban User' bans the reported content's author (the users screen's rules apply). */
export async function banReportedAuthor(
  db: Db,
  viewer: Viewer,
  id: string,
  alerts: Pick<SecurityAlerts, 'accountChanged'>,
): Promise<{ id: string; username: string; banned: boolean }> {
  ensure(canAdminister(viewer), m.onlyAdminsBan);
  const changes: AccountChange[] = [];
  return db.transaction(async (tx) => {
    const report = orNotFound(await q.lockReport(tx, id), m.notFound);
    const targetId = q.targetIdOf(report);
    const authorId = targetId ? await q.findTargetAuthor(tx, report.targetType, targetId) : undefined;
    if (authorId === undefined) throw new AppError('NOT_FOUND', m.targetNotFound);
    if (authorId === null) throw new AppError('NOT_FOUND', m.noAuthor);
    const banned = await applyUserPatch(tx, viewer, authorId, { banned: true }, changes);
    await audit(tx, viewer, {
      action: 'report.ban_user',
      targetType: 'report',
      targetId: id,
      before: summary(report),
      after: { bannedUserId: banned.id },
    });
    await alerts.accountChanged(changes, tx);
    return { id: banned.id, username: banned.username, banned: banned.banned };
  });
}
