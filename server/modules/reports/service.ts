import { reportMessages as m } from '../../../contract/messages.ts';
import type { ReportCreated, ReportTargetType } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import * as q from './queries.ts';

/** A member reports one piece of content that exists and is not their own; staff review it later. */
export async function createReport(
  db: Db,
  viewer: Viewer,
  body: { target: { type: ReportTargetType; id: string }; reason: string },
): Promise<ReportCreated> {
  const author = await q.findTargetAuthor(db, body.target.type, body.target.id);
  if (author === undefined) throw new AppError('NOT_FOUND', m.targetNotFound);
  if (author === viewer.id) throw new AppError('FORBIDDEN', m.ownContent);
  return q.insertReport(db, viewer.id, body.target.type, body.target.id, body.reason);
}
