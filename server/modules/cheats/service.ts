import {
  type AdminCheat,
  type Cheat,
  type CheatBody,
  type CheatCard,
  type CheatDetail,
  type CheatStatus,
  cheatPageSize,
} from '../../../contract/cheats.ts';
import { cheatMessages as m } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { rowTimeKey, unlessAll } from '../../db/cursor.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { alertCheatWatchers, isWatching } from '../commerce/watches/service.ts';
import * as q from './queries.ts';

type Found = NonNullable<Awaited<ReturnType<typeof q.findCheat>>>;

function toCheat({ row, publisherName }: Found): Cheat {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    game: row.game,
    status: row.status,
    downloads: row.downloads,
    publishedBy: row.publishedBy && publisherName ? { id: row.publishedBy, username: publisherName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminCheat(found: Found): AdminCheat {
  return { ...toCheat(found), downloadUrl: found.row.downloadUrl };
}

/** The public board, newest first; filter by status, search title and game; a member sees what they watch. */
export async function listCheats(
  db: Db,
  viewer: Viewer | null,
  query: { status: 'all' | CheatStatus; q?: string; cursor?: string },
) {
  const after = q.cheatKeyset.decode(query.cursor);
  const found = await q.listCheats(db, {
    status: unlessAll(query.status),
    q: query.q,
    after,
    limit: cheatPageSize,
    viewerId: viewer?.id,
  });
  return q.cheatKeyset.page(
    found,
    cheatPageSize,
    rowTimeKey,
    (r): CheatCard => ({ ...toCheat(r), watching: r.watching }),
  );
}

/**
 * One cheat with its status timeline (two statements, whatever the timeline's length) and, for a member,
 * whether they watch it (a third).
 */
export async function getCheat(db: Db, viewer: Viewer | null, id: string): Promise<CheatDetail> {
  const found = orNotFound(await q.findCheat(db, id), m.notFound);
  const timeline = await q.findTimeline(db, id);
  return {
    ...toCheat(found),
    watching: viewer ? await isWatching(db, 'cheat', id, viewer.id) : false,
    timeline: timeline.map((t) => ({
      id: t.id,
      at: t.createdAt.toISOString(),
      from: t.fromStatus,
      to: t.toStatus,
      by: t.byId && t.byName ? { id: t.byId, username: t.byName } : null,
    })),
  };
}

/** A signed-in member's download: counted once per member per cheat per day, then the link. */
export async function downloadCheat(db: Db, viewer: Viewer, id: string) {
  const result = orNotFound(await db.transaction((tx) => q.recordDownload(tx, id, viewer.id)), m.notFound);
  return result;
}

export async function getCheatForStaff(db: Db, viewer: Viewer, id: string) {
  ensure(canModerate(viewer), m.onlyStaff);
  const found = orNotFound(await q.findCheat(db, id), m.notFound);
  return toAdminCheat(found);
}

/** Staff publish a cheat; its first timeline entry records the publication and its status. */
export async function publishCheat(db: Db, viewer: Viewer, body: CheatBody) {
  ensure(canModerate(viewer), m.onlyStaff);
  const id = await db.transaction(async (tx) => {
    const row = await q.insertCheat(tx, { ...body, publishedBy: viewer.id });
    await q.insertStatusChange(tx, {
      cheatId: row.id,
      fromStatus: null,
      toStatus: row.status,
      changedBy: viewer.id,
    });
    await audit(tx, viewer, {
      action: 'cheat.publish',
      targetType: 'cheat',
      targetId: row.id,
      after: { title: row.title, status: row.status },
    });
    return row.id;
  });
  return toAdminCheat((await q.findCheat(db, id))!);
}

/** Staff edit a cheat; a new status is appended to the timeline in the same transaction. */
export async function editCheat(db: Db, viewer: Viewer, id: string, body: CheatBody) {
  ensure(canModerate(viewer), m.onlyStaff);
  await db.transaction(async (tx) => {
    const current = orNotFound(await q.lockCheatStatus(tx, id), m.notFound);
    await q.updateCheat(tx, id, body);
    if (current !== body.status) {
      await q.insertStatusChange(tx, {
        cheatId: id,
        fromStatus: current,
        toStatus: body.status,
        changedBy: viewer.id,
      });
      await alertCheatWatchers(tx, { id, title: body.title, from: current, to: body.status }, viewer.id);
    }
    await audit(tx, viewer, {
      action: 'cheat.update',
      targetType: 'cheat',
      targetId: id,
      before: { status: current },
      after: { title: body.title, status: body.status },
    });
  });
  return toAdminCheat((await q.findCheat(db, id))!);
}

export async function removeCheat(db: Db, viewer: Viewer, id: string) {
  ensure(canModerate(viewer), m.onlyStaff);
  await db.transaction(async (tx) => {
    if (!(await q.deleteCheat(tx, id))) throw new AppError('NOT_FOUND', m.notFound);
    await audit(tx, viewer, { action: 'cheat.delete', targetType: 'cheat', targetId: id });
  });
}
