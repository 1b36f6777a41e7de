import { type SQL, sql } from 'drizzle-orm';
import type { ServerEventName, ServerEventPayload } from '../../../contract/realtime.ts';
import type { Db, Tx } from '../../db/client.ts';

/** Channel of PostgreSQL's NOTIFY that carries live events to every app instance's sockets. */
export const REALTIME_CHANNEL = 'cm_realtime';

// Per process, for the metrics (plugins/metrics.ts): services publish without reaching the app.
let published = 0;
/** pg_notify statements this process has queued (a fan-out statement counts once). */
export const publishedEventCount = () => published;
/**
 * Counts `statements` pg_notify statements queued by a statement that ran publishRowsAfterCommit's or
 * fanOutAfterCommit's SQL: its caller counts them when it runs, as the SQL may be built once for many runs.
 */
export const countPublished = (statements = 1) => {
  published += statements;
};

/** One event of the contract (contract/realtime.ts) for a room: 'user:<id>', 'site' or an internal one. */
export type RealtimeEvent =
  | { [E in ServerEventName]: { room: string; event: E; payload: ServerEventPayload<E> } }[ServerEventName]
  /** Between instances only: presence changed somewhere (no socket is in this room). */
  | { room: 'internal:presence'; event: 'presence'; payload: Record<string, never> };

/**
 * Queues a live event on the caller's transaction with pg_notify: PostgreSQL delivers it only when that
 * transaction commits (and drops it on rollback), to every instance listening, so a socket never hears of a
 * row that does not exist. Outside a transaction it goes out at once. Payloads stay small (ids); clients
 * refetch what changed.
 */
export async function publishAfterCommit(db: Db | Tx, event: RealtimeEvent) {
  published++;
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * SQL that queues `event` for each row of `source` (a query with a `room` text and a json `payload`, as
 * publishAfterCommit's event has them), in the same statement and transaction: for a statement that writes
 * rows and tells of them in one round trip. The payloads must be the event's, as the contract says. Its caller
 * counts it with countPublished at each run.
 */
export function publishRowsAfterCommit(source: SQL, event: ServerEventName): SQL {
  return sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object('room', e.room, 'event', ${event}::text, 'payload', e.payload)::text)
    from (${source}) e`;
}

/**
 * One live event for many members at once, for rows written by one statement (a listing's followers): each
 * `[userId, id]` pair becomes `event` with `{ id }` in that member's room, on every instance.
 */
export interface FanOutEvent {
  event: 'notification';
  fanOut: [string, string][];
}

/** Pairs per NOTIFY: ~82 bytes each keeps a payload well under PostgreSQL's 8,000-byte limit. */
export const FAN_OUT_CHUNK = 80;

/**
 * SQL that queues one pg_notify per chunk of {@link FAN_OUT_CHUNK} rows of `source` (a CTE or table with
 * `user_id` and `id` columns), in the same statement and transaction: delivered after commit, dropped on
 * rollback, one round trip however many recipients. Its caller counts it with countPublished at each run.
 */
export function fanOutAfterCommit(source: SQL, event: FanOutEvent['event']): SQL {
  return sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object('event', ${event}::text, 'fanOut', json_agg(json_build_array(s.user_id, s.id)))::text)
    from (select user_id, id, (row_number() over () - 1) / ${FAN_OUT_CHUNK} as chunk from ${source}) s
    group by s.chunk`;
}
