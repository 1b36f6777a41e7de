import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';

/**
 * The verifications table (better-auth's) as a store of short-lived one-time values under a key: e-mail
 * verification links, and the SSO module's started sign-ins and pending sign-ups. Auth owns the table; other
 * modules keep their values through these functions.
 */
export async function putVerification(db: Db, identifier: string, value: string, ttlMs: number) {
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier,
    value,
    expiresAt: new Date(Date.now() + ttlMs),
  });
}

/** The value under `identifier`, deleted in the same statement (a second taker finds nothing); null when expired. */
export async function takeVerification(db: Db, identifier: string): Promise<string | null> {
  const [row] = await db
    .delete(verifications)
    .where(eq(verifications.identifier, identifier))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  return row && row.expiresAt.getTime() > Date.now() ? row.value : null;
}

export async function readVerification(db: Db, identifier: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  return row && row.expiresAt.getTime() > Date.now() ? row.value : null;
}

export async function dropVerification(db: Db, identifier: string) {
  await db.delete(verifications).where(eq(verifications.identifier, identifier));
}

export async function pruneExpiredVerifications(db: Db) {
  await db.delete(verifications).where(lt(verifications.expiresAt, sql`now()`));
}
