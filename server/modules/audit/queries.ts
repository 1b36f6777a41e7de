import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, newestFirst } from '../../db/cursor.ts';
import { auditLog, profiles } from '../../db/schema/index.ts';

/** Newest first: audit_log_created_idx. */
export const auditKeyset = newestFirst(auditLog.createdAt, auditLog.id);
export type AuditCursor = [createdAt: string, id: string];

export async function insertAudit(tx: Db | Tx, values: typeof auditLog.$inferInsert) {
  await tx.insert(auditLog).values(values);
}

/** One page, newest first, with the actor's name: one statement whatever the page size. */
export async function listAudit(db: Db, { after, limit }: { after?: AuditCursor; limit: number }) {
  return db
    .select({
      row: auditLog,
      createdAtKey: asKeyText(auditLog.createdAt),
      actorName: profiles.username,
    })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(auditKeyset.after(after))
    .orderBy(...auditKeyset.orderBy)
    .limit(auditKeyset.limit(limit));
}
