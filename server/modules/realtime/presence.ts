import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PresenceSnapshot, PresenceUser } from '../../../contract/realtime.ts';
import type { Db } from '../../db/client.ts';
import { rows, uuidArray } from '../../db/sql.ts';
import { publishAfterCommit } from './bus.ts';

export type { PresenceSnapshot, PresenceUser } from '../../../contract/realtime.ts';

/** Room of the bus event that tells every instance presence changed somewhere (no socket is in it). */
export const PRESENCE_SIGNAL_ROOM = 'internal:presence';

/**
 * Tells every instance that who is listed may have changed though nobody came or went (a member showed or
 * hid themselves, issue 36): each sends its online list again.
 */
export function signalPresenceChange(db: Parameters<typeof publishAfterCommit>[0]) {
  return publishAfterCommit(db, { room: PRESENCE_SIGNAL_ROOM, event: 'presence', payload: {} });
}

/**
 * The online list as members see it: without those who chose not to be shown (user_settings.show_online),
 * to anyone. Presence itself keeps them (they are on the site: their mail waits, decision 010).
 */
export async function listedOnly(db: Db, snapshot: PresenceSnapshot): Promise<PresenceSnapshot> {
  if (snapshot.users.length === 0) return snapshot;
  const hidden = await rows<{ user_id: string }>(
    db,
    sql`select user_id from user_settings
      where not show_online and user_id = any(${uuidArray(snapshot.users.map((u) => u.id))})`,
  );
  if (hidden.length === 0) return snapshot;
  const out = new Set(hidden.map((h) => h.user_id));
  const users = snapshot.users.filter((u) => !out.has(u.id));
  return { count: users.length, users };
}

/** Heartbeat of an instance's row, and how long a silent instance counts (then it is reaped). */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_STALE_SECONDS = 30;
/** Bursts of arrivals and departures become one write and one broadcast (at most ~10 a second). */
const BATCH_MS = 100;

/**
 * Who is online, de-duplicated by member. The realtime plugin counts sockets per member on its instance and
 * tells the tracker when a member's first socket opens (`arrive`) or last one closes (`leave`); the tracker
 * calls `onChange` (at most every 100 ms) when the list may have changed, and `snapshot()` gives the list.
 */
export interface Presence {
  arrive(user: PresenceUser): void;
  leave(userId: string): void;
  snapshot(): Promise<PresenceSnapshot>;
  /** The bus said presence changed on some instance (shared tracker only). */
  signal(): void;
  close(): Promise<void>;
}

const bySnapshotOrder = (a: PresenceUser, b: PresenceUser) => a.username.localeCompare(b.username);

/** One process (PGlite): the instance's own members are everyone online. */
export function memoryPresence(onChange: () => void): Presence {
  const online = new Map<string, PresenceUser>();
  let timer: NodeJS.Timeout | null = null;
  const changed = () => {
    timer ??= setTimeout(() => {
      timer = null;
      onChange();
    }, BATCH_MS);
  };
  return {
    arrive(user) {
      online.set(user.id, user);
      changed();
    },
    leave(userId) {
      if (online.delete(userId)) changed();
    },
    async snapshot() {
      const users = [...online.values()].sort(bySnapshotOrder);
      return { count: users.length, users };
    },
    signal() {
      changed();
    },
    async close() {
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * Several instances on one PostgreSQL server (decision 010): each instance writes its members' arrivals and
 * departures to `realtime_presence` in batches, under its own `realtime_instances` row kept fresh by a
 * heartbeat, and signals the change on the pg_notify bus. Every instance then reads the distinct members of
 * live instances once per burst and sends the list to its own sockets in 'online-users'. An instance that
 * dies without saying goodbye stops counting after {@link PRESENCE_STALE_SECONDS} and is reaped by the others.
 */
export async function sharedPresence(
  db: Db,
  opts: { onChange: () => void; onError: (err: unknown) => void },
): Promise<Presence> {
  const instanceId = randomUUID();
  const local = new Map<string, PresenceUser>();
  /** Arrivals (true) and departures (false) not yet written. */
  const pending = new Map<string, boolean>();
  let flushTimer: NodeJS.Timeout | null = null;
  let refreshTimer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let cached: PresenceSnapshot | null = null;
  let reading: Promise<PresenceSnapshot> | null = null;
  let changes = 0;
  let closed = false;
  const signalChange = (tx: Parameters<typeof publishAfterCommit>[0]) =>
    publishAfterCommit(tx, { room: PRESENCE_SIGNAL_ROOM, event: 'presence', payload: {} });

  /** (Re)creates this instance's row; true when it was missing (first start, or reaped after a stall). */
  const touch = async (tx: Parameters<typeof publishAfterCommit>[0]) => {
    const [row] = await rows<{ created: boolean }>(
      tx,
      sql`
      insert into realtime_instances (id) values (${instanceId})
      on conflict (id) do update set seen_at = now()
      returning (xmax = 0) as created`,
    );
    return row?.created === true;
  };

  const flush = () => {
    writing = writing.then(async () => {
      if (pending.size === 0 || closed) return;
      const batch = new Map(pending);
      pending.clear();
      try {
        await db.transaction(async (tx) => {
          // A reaped row comes back with every member this instance still holds, not just the batch.
          const rewrite = await touch(tx);
          const arrivals = rewrite ? [...local.keys()] : [...batch].filter(([, on]) => on).map(([id]) => id);
          const departures = [...batch].filter(([, on]) => !on).map(([id]) => id);
          if (arrivals.length > 0) {
            await tx.execute(sql`
              insert into realtime_presence (instance_id, user_id)
              select ${instanceId}::uuid, p.id from profiles p where p.id = any(${uuidArray(arrivals)})
              on conflict do nothing`);
          }
          if (departures.length > 0) {
            await tx.execute(sql`
              delete from realtime_presence
              where instance_id = ${instanceId} and user_id = any(${uuidArray(departures)})`);
          }
          await signalChange(tx);
        });
      } catch (err) {
        // Not lost: retried with the next change or heartbeat (a newer entry for a member wins).
        for (const [id, on] of batch) if (!pending.has(id)) pending.set(id, on);
        opts.onError(err);
      }
    });
    return writing;
  };
  const scheduleFlush = () => {
    flushTimer ??= setTimeout(() => {
      flushTimer = null;
      void flush();
    }, BATCH_MS);
  };

  const read = async (): Promise<PresenceSnapshot> => {
    const found = await rows<{ id: string; username: string; avatar_url: string | null }>(
      db,
      sql`
      with online as (
        select distinct r.user_id from realtime_presence r
        join realtime_instances i on i.id = r.instance_id
        where i.seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})
      )
      select p.id, p.username, p.avatar_url
      from online o join profiles p on p.id = o.user_id
      where not p.banned`,
    );
    const users = found
      .map((r) => ({ id: r.id, username: r.username, avatarUrl: r.avatar_url }))
      .sort(bySnapshotOrder);
    return { count: users.length, users };
  };

  const heartbeat = async () => {
    if (closed) return;
    try {
      if (await touch(db)) for (const id of local.keys()) pending.set(id, true);
      if (pending.size > 0) await flush();
      // Instances that stopped without saying goodbye: their rows (and presence, by cascade) go.
      await db.transaction(async (tx) => {
        const gone = await rows(
          tx,
          sql`
          delete from realtime_instances
          where seen_at < now() - make_interval(secs => ${PRESENCE_STALE_SECONDS}) returning id`,
        );
        if (gone.length > 0) await signalChange(tx);
      });
    } catch (err) {
      opts.onError(err);
    }
  };

  let beat: NodeJS.Timeout | null = null;
  let beating: Promise<void> = Promise.resolve();
  /** Begins with the first socket that needs presence: an instance nobody connects to writes nothing. */
  const start = () => {
    if (beat || closed) return;
    beat = setInterval(() => {
      beating = heartbeat();
    }, PRESENCE_HEARTBEAT_MS);
    beat.unref();
    beating = heartbeat();
  };

  return {
    arrive(user) {
      if (closed) return;
      start();
      local.set(user.id, user);
      pending.set(user.id, true);
      scheduleFlush();
    },
    leave(userId) {
      if (!local.delete(userId) || closed) return;
      pending.set(userId, false);
      scheduleFlush();
    },
    snapshot() {
      start();
      if (cached) return Promise.resolve(cached);
      if (reading) return reading;
      const generation = changes;
      const current: Promise<PresenceSnapshot> = read()
        .then((snap) => {
          // A change signalled while reading makes this result stale: it is returned, not kept.
          if (generation === changes) cached = snap;
          return snap;
        })
        .finally(() => {
          if (reading === current) reading = null;
        });
      reading = current;
      return current;
    },
    signal() {
      // Read again, once per burst, then tell the plugin.
      changes += 1;
      cached = null;
      reading = null;
      refreshTimer ??= setTimeout(() => {
        refreshTimer = null;
        if (!closed) opts.onChange();
      }, BATCH_MS);
    },
    async close() {
      if (flushTimer) clearTimeout(flushTimer);
      if (refreshTimer) clearTimeout(refreshTimer);
      closed = true;
      if (!beat) return;
      clearInterval(beat);
      await beating;
      await writing;
      // Goodbye: this instance's members leave the list at once.
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from realtime_instances where id = ${instanceId}`);
          await signalChange(tx);
        })
        .catch(opts.onError);
    },
  };
}

/** A uuid[] parameter (member ids from sessions) rather than one parameter per id. */
/** Rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
