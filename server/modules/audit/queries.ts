import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, profiles } from '../../db/schema/index.ts';

export type AuditCursor = [createdAt: string, id: string];

export async function insertAudit(tx: Db | Tx, values: typeof auditLog.$inferInsert) {
  await tx.insert(auditLog).values(values);
}

/** One page, newest first, with the actor's name: one statement whatever the page size. */
export async function listAudit(db: Db, { after, limit }: { after?: AuditCursor; limit: number }) {
  const where: SQL[] = [];
  if (after) {
    where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  }
  return db
    .select({
      row: auditLog,
      createdAtKey: sql<string>`${auditLog.createdAt}::text`,
      actorName: profiles.username,
    })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
}
