import { type AuditPage, auditPageSize } from '../../../contract/audit.ts';
import { messages } from '../../../contract/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowTimeKey } from '../../db/cursor.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { actsOnOwn, canModerate, ensure } from '../../policy.ts';
import * as q from './queries.ts';

export interface AuditRecord {
  /** What was done, e.g. 'user.ban', 'product.delete', 'settings.update'. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one staff action by `viewer`. Call it inside the transaction that makes the change, so the change
 * and its record land (or fail) together. The log is append-only: nothing here updates or deletes.
 */
export async function audit(tx: Db | Tx, viewer: { id: string }, record: AuditRecord) {
  await q.insertAudit(tx, {
    ...record,
    actorId: viewer.id,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/**
 * An action on something that belongs to another member (staff editing a seller's listing, deleting a
 * thread): recorded; a member acting on their own is not.
 */
export async function auditOthers(
  tx: Db | Tx,
  viewer: { id: string },
  ownerId: string | null,
  record: AuditRecord,
) {
  if (actsOnOwn(viewer, ownerId)) return;
  await audit(tx, viewer, record);
}

/** The audit log for staff, newest first. */
export async function listAuditLog(db: Db, viewer: Viewer, query: { cursor?: string }): Promise<AuditPage> {
  ensure(canModerate(viewer), messages.forbidden);
  const after = q.auditKeyset.decode(query.cursor);
  const found = await q.listAudit(db, { after, limit: auditPageSize });
  return q.auditKeyset.page(found, auditPageSize, rowTimeKey, ({ row, actorName }) => ({
    id: row.id,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId && actorName ? { id: row.actorId, username: actorName } : null,
  }));
}
