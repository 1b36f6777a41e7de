import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, startApp } from '../../../scripts/bench/app-process.ts';
import { altchaAt } from '../../test/altcha.ts';
import { next, type Socket, socketClients } from '../../test/sockets.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { REALTIME_CHANNEL } from './bus.ts';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_SIGNAL_ROOM } from './presence.ts';

/**
 * Scale-out (decision 010): two real server processes (`node server/main.ts`) on one PostgreSQL database,
 * WebSocket clients signed in on different instances. Events travel on the pg_notify bus and presence through
 * the shared presence tables, so what happens on A is seen live on B and the other way round.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cm-multi-'));
const children: Child[] = [];
let dropDb: () => Promise<void>;
let databaseUrl: string;

type Instance = Child & { origin: string };
let a: Instance;
let b: Instance;

/** An instance of the real server on `databaseUrl`; its socket clients send its public address as Origin. */
async function start(databaseUrl: string): Promise<Instance> {
  const child = await startApp({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    DATA_DIR: dataDir,
    RATE_LIMIT_SCALE: '100',
  });
  children.push(child);
  return { ...child, origin: child.base };
}

beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
  const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client
    .options.connectionString;
  await database.close();
  dropDb = drop;
  databaseUrl = url;
  [a, b] = await Promise.all([start(url), start(url)]);
}, 90_000);

afterAll(async () => {
  for (const clients of clientsOf.values()) clients.closeAll();
  await Promise.all(children.map((child) => child.stop()));
  await dropDb?.().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new member signed up and in on `on`; returns their id and Cookie header. */
async function member(on: Instance, name: string) {
  const email = `${name}@example.com`;
  const password = 'longenough-9';
  const headers = { 'content-type': 'application/json', origin: on.origin };
  const signUp = await fetch(`${on.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { ...headers, ...(await altchaAt(on.base)) },
    body: JSON.stringify({ username: name, email, password }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const signIn = await fetch(`${on.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { id: user.id, name, cookie };
}
type Member = Awaited<ReturnType<typeof member>>;

const clientsOf = new Map<Instance, ReturnType<typeof socketClients>>();
function open(on: Instance, who?: Member): Promise<Socket> {
  const clients = clientsOf.get(on) ?? socketClients(on.base, on.origin);
  clientsOf.set(on, clients);
  return clients.openConnected(who?.cookie);
}

type Snapshot = { count: number; users: { id: string; username: string }[] };
/** Waits for a 'presence' list on `s` that satisfies `ok` (lists come in bursts). */
const presenceUntil = (s: Socket, ok: (snap: Snapshot) => boolean, ms = 8000) =>
  new Promise<Snapshot>((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off('presence', check);
      reject(new Error('presence never matched'));
    }, ms);
    const check = (snap: Snapshot) => {
      if (!ok(snap)) return;
      clearTimeout(timer);
      s.off('presence', check);
      resolve(snap);
    };
    s.on('presence', check);
  });
const ids = (snap: Snapshot) => snap.users.map((u) => u.id);

/** Waits until `userId` is present on exactly `count` instances (A has handled a tab's goodbye). */
async function presenceRowsFor(userId: string, count: number) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let rows = -1;
    const deadline = Date.now() + 5000;
    while (rows !== count && Date.now() < deadline) {
      const r = await db.query('select count(*)::int as n from realtime_presence where user_id = $1', [
        userId,
      ]);
      rows = r.rows[0].n;
      if (rows !== count) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toBe(count);
  } finally {
    await db.end();
  }
}

describe('two instances on one PostgreSQL database', { timeout: 60_000 }, () => {
  it('a direct message sent through A reaches the recipient on B live, with its notification', async () => {
    const [alice, bob] = await Promise.all([member(a, 'alice_multi'), member(b, 'bob_multi')]);
    const bobOnB = await open(b, bob);
    const message = next<{ senderId: string; recipientId: string }>(bobOnB, 'message');
    const notification = next<{ id: string }>(bobOnB, 'notification');
    const sent = await fetch(`${a.base}/api/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.origin, cookie: alice.cookie },
      body: JSON.stringify({ recipientId: bob.id, message: 'hello from instance A' }),
    });
    expect(sent.status).toBe(201);
    expect(await message).toMatchObject({ senderId: alice.id, recipientId: bob.id });
    const { id } = await notification;
    // The notification it names is Bob's, readable through B.
    const bell = await fetch(`${b.base}/api/v1/notifications`, { headers: { cookie: bob.cookie } });
    const page = (await bell.json()) as { items: { id: string; type: string }[] };
    expect(page.items.find((n) => n.id === id)?.type).toBe('message_new');
  });

  it('a member online on B is listed on A, de-duplicated across instances, and leaves when they go', async () => {
    const carol = await member(b, 'carol_multi');
    // The list is for members only (issue 36): the watcher is signed in.
    const watcherOnA = await open(a, await member(a, 'wa_multi'));
    watcherOnA.emit('presence:join');
    await next(watcherOnA, 'presence');
    const seeing = presenceUntil(watcherOnA, (s) => ids(s).includes(carol.id));
    const carolOnB = await open(b, carol);
    const carolAlsoOnA = await open(a, carol);
    const seen = await seeing;
    expect(ids(seen).filter((id) => id === carol.id)).toHaveLength(1);
    expect(seen.count).toBe(seen.users.length);
    // Her tab on A closes: she is still online through B.
    carolAlsoOnA.disconnect();
    await presenceRowsFor(carol.id, 1);
    watcherOnA.emit('presence:join');
    expect(ids(await next<Snapshot>(watcherOnA, 'presence'))).toContain(carol.id);
    // Her last tab (on B) closes: A's list drops her live.
    carolOnB.disconnect();
    const after = await presenceUntil(watcherOnA, (s) => !ids(s).includes(carol.id));
    expect(after.count).toBe(after.users.length);
  });

  it('a watcher on B sees a member who signs in on A', async () => {
    const dan = await member(a, 'dan_multi');
    const watcherOnB = await open(b, await member(b, 'wb_multi'));
    watcherOnB.emit('presence:join');
    await next(watcherOnB, 'presence');
    const seeing = presenceUntil(watcherOnB, (s) => ids(s).includes(dan.id));
    await open(a, dan);
    const seen = await seeing;
    expect(seen.users.find((u) => u.id === dan.id)?.username).toBe('dan_multi');
  });

  it('a member who hides through A leaves the list on B at once, and comes back when shown (issue 36)', async () => {
    const fay = await member(a, 'fay_multi');
    const watcherOnB = await open(b, await member(b, 'wd_multi'));
    watcherOnB.emit('presence:join');
    const arrived = presenceUntil(watcherOnB, (s) => ids(s).includes(fay.id));
    await open(a, fay);
    await arrived;
    const save = (showOnline: boolean) =>
      fetch(`${a.base}/api/v1/me/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: a.origin, cookie: fay.cookie },
        body: JSON.stringify({
          emailNotifications: true,
          marketplaceUpdates: true,
          securityAlerts: true,
          showOnline,
        }),
      });
    // Each wait starts before its change: B may deliver the new list before A's answer reaches this test.
    const hidden = presenceUntil(watcherOnB, (s) => !ids(s).includes(fay.id));
    expect((await save(false)).status).toBe(200);
    const without = await hidden;
    expect(without.count).toBe(without.users.length);
    const shown = presenceUntil(watcherOnB, (s) => ids(s).includes(fay.id));
    expect((await save(true)).status).toBe(200);
    await shown;
  });

  it('an instance that stops without a goodbye stops counting, and the live ones reap it', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const erin = await member(a, 'erin_multi');
      const watcherOnA = await open(a, await member(a, 'wc_multi'));
      watcherOnA.emit('presence:join');
      await next(watcherOnA, 'presence');
      // A third instance, as it would leave things: its row, a member on it, its change signalled.
      const ghost = randomUUID();
      await db.query('insert into realtime_instances (id) values ($1)', [ghost]);
      await db.query('insert into realtime_presence (instance_id, user_id) values ($1, $2)', [
        ghost,
        erin.id,
      ]);
      const signal = JSON.stringify({ room: PRESENCE_SIGNAL_ROOM, event: 'presence', payload: {} });
      const counted = presenceUntil(watcherOnA, (s) => ids(s).includes(erin.id));
      await db.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, signal]);
      await counted;
      // It dies: its heartbeat stops. The next heartbeat of A or B reaps it and tells every instance.
      await db.query(`update realtime_instances set seen_at = now() - interval '1 minute' where id = $1`, [
        ghost,
      ]);
      await presenceUntil(watcherOnA, (s) => !ids(s).includes(erin.id), PRESENCE_HEARTBEAT_MS + 5000);
      // A stale instance stops counting at once (every read skips it), so erin can leave the list through any
      // other change's read before a heartbeat reaps the row (CI saw the row still there): wait for the reaping.
      await expect
        .poll(
          async () => (await db.query('select 1 from realtime_instances where id = $1', [ghost])).rowCount,
          { timeout: PRESENCE_HEARTBEAT_MS + 5000 },
        )
        .toBe(0);
    } finally {
      await db.end();
    }
  });

  it('both stop cleanly on SIGTERM with members connected, and their goodbye empties the presence tables', async () => {
    const codes = await Promise.all(children.map((child) => child.stop()));
    expect(codes).toEqual([0, 0]);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const left = await db.query(
        'select (select count(*) from realtime_instances)::int as instances, (select count(*) from realtime_presence)::int as rows',
      );
      expect(left.rows[0]).toEqual({ instances: 0, rows: 0 });
    } finally {
      await db.end();
    }
  });
});
