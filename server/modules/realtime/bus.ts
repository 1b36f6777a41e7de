import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** Channel of PostgreSQL's NOTIFY that carries live events to every app instance's sockets. */
export const REALTIME_CHANNEL = 'cm_realtime';

export interface RealtimeEvent {
  /** 'user:<id>' or 'site'. */
  room: string;
  event: string;
  payload: Record<string, unknown>;
}

/**
 * Queues a live event on the caller's transaction with pg_notify: PostgreSQL delivers it only when that
 * transaction commits (and drops it on rollback), to every instance listening, so a socket never hears of a
 * row that does not exist. Outside a transaction it goes out at once. Payloads stay small (ids); clients
 * refetch what changed.
 */
export async function publishAfterCommit(db: Db | Tx, event: RealtimeEvent) {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}
