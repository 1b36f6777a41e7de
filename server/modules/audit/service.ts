import { z } from 'zod';
import { type AuditPage, auditPageSize } from '../../../contract/audit.ts';
import { messages } from '../../../contract/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/cursor.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { can, ensure } from '../../policy.ts';
import * as q from './queries.ts';

export interface AuditRecord {
  actorId: string;
  /** What was done, e.g. 'user.ban', 'product.delete', 'settings.update'. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one staff action. Call it inside the transaction that makes the change, so the change and
 * its record land (or fail) together. The log is append-only: nothing here updates or deletes.
 */
export async function audit(tx: Db | Tx, record: AuditRecord) {
  await q.insertAudit(tx, {
    actorId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

const auditCursor = z.tuple([z.string().max(40), z.uuid()]);

/** The audit log for staff, newest first. */
export async function listAuditLog(db: Db, viewer: Viewer, query: { cursor?: string }): Promise<AuditPage> {
  ensure(can.moderate(viewer), messages.forbidden);
  const after = decodeCursor(query.cursor, auditCursor) as q.AuditCursor | undefined;
  const found = await q.listAudit(db, { after, limit: auditPageSize });
  const rows = found.slice(0, auditPageSize);
  const last = found.length > auditPageSize ? found[auditPageSize - 1] : undefined;
  return {
    items: rows.map(({ row, actorName }) => ({
      id: row.id,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before ?? null,
      after: row.after ?? null,
      createdAt: row.createdAt.toISOString(),
      actor: row.actorId && actorName ? { id: row.actorId, username: actorName } : null,
    })),
    nextCursor: last ? encodeCursor([last.createdAtKey, last.row.id]) : null,
  };
}
