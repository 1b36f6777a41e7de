import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findListing } from '../modules/commerce/listings/queries/detail.ts';
import { buildListing, buildSignedInUser, buildUser, signIn } from '../test/factories.ts';
import { type PgBouncer, startPgbouncer } from '../test/pgbouncer.ts';
import { connected, next, socketClients } from '../test/sockets.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { type Database, openDatabase } from './client.ts';
import { preparedStatements } from './prepared.ts';
import { rows } from './sql.ts';

/*
 * The app behind a real PgBouncer in transaction pooling mode (decision 040): DATABASE_URL through the
 * pooler, DATABASE_DIRECT_URL to the server for LISTEN, the queue and the migrations, and the hot reads'
 * statements unnamed. PgBouncer holds two server connections for the app's pool of five, so its clients'
 * transactions land on either.
 */
const directUrl = (db: string) => inject('postgresUrl').replace('{db}', db);
const name = `pooler_${randomUUID().replaceAll('-', '')}`;
let pooler: PgBouncer;
let first: Database;
let second: Database;
let t: TestApp;
let base: string;
let clients: ReturnType<typeof socketClients>;
const origin = 'http://localhost:3000';

const admin = async (statement: string) => {
  const c = new pg.Client({ connectionString: directUrl('postgres') });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
};
const behindPooler = (statements: 'named' | 'unnamed', direct = true) =>
  openDatabase({
    databaseUrl: pooler.url(name),
    ...(direct ? { directUrl: directUrl(name) } : {}),
    statements,
    poolSize: 5,
  });

beforeAll(async () => {
  pooler = await startPgbouncer(inject('postgresUrl'));
  // An empty database: two instances starting at once both run the migrations.
  await admin(`create database ${name}`);
  [first, second] = await Promise.all([behindPooler('unnamed'), behindPooler('unnamed')]);
  await Promise.all([first.migrate(), second.migrate()]);
  t = await buildTestApp({ database: first, env: { JOB_WORKERS: 'true', RATE_LIMIT_SCALE: '1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clients = socketClients(base, origin);
});
afterAll(async () => {
  clients?.closeAll();
  await t?.close();
  await Promise.all([first?.close(), second?.close()]);
  await admin(`drop database if exists ${name} with (force)`);
  pooler?.stop();
});

describe('an instance behind PgBouncer in transaction mode', () => {
  it('two instances migrating an empty database at once take turns, and no lock is left behind', async () => {
    const applied = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
    expect(applied[0]!.n).toBe(journal.entries.length);
    const locks = await rows<{ n: number }>(
      t.db,
      // pg_locks lists the whole server's locks: another test file migrating its own database is not this one's.
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 727001
          and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(locks[0]!.n).toBe(0);
  });

  it('a statement marked to keep its generic plan runs as any other: a setting would outlive the transaction', async () => {
    const marked = preparedStatements(
      'pooler_plan_mode',
      (db) =>
        db.select({ mode: sql<string>`current_setting('plan_cache_mode')` }).from(sql`(select 1) as one`),
      { genericPlan: true },
    );
    expect(await marked(t.db, '').execute()).toEqual([{ mode: 'auto' }]);
  });

  it('the app’s queries go through the pooler', async () => {
    const client = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    expect(client.options.connectionString).toBe(pooler.url(name));
  });

  it('a hot read (a prepared statement, sent unnamed) answers right on every one of many concurrent requests', async () => {
    const seller = await buildUser(t);
    const listings = await Promise.all([1, 2, 3].map(() => buildListing(t, { userId: seller.id })));
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) => listings[i % 3]!).map(async (listing) => {
          const res = await t.app.inject({ method: 'GET', url: `/api/v1/listings/${listing.id}` });
          return {
            status: res.statusCode,
            title: res.statusCode === 200 ? res.json().title : res.body,
            listing,
          };
        }),
      );
      for (const a of answers)
        expect({ status: a.status, title: a.title }).toEqual({ status: 200, title: a.listing.title });
    }
  });

  it('named statements through PgBouncer 1.18 fail at random; the start refuses them and says what to set', async () => {
    await expect(behindPooler('named')).rejects.toThrow(/set DATABASE_STATEMENTS=unnamed/);
    // Without the check (no DATABASE_DIRECT_URL, so no pooler declared), the failure it prevents: a
    // statement prepared on one server connection is unknown on the next, or already there on another.
    const named = await behindPooler('named', false);
    try {
      const seller = await buildUser(t);
      const listing = await buildListing(t, { userId: seller.id });
      const failures: string[] = [];
      for (let round = 0; round < 20 && failures.length === 0; round++) {
        const settled = await Promise.allSettled(
          Array.from({ length: 5 }, () => findListing(named.db, listing.id)),
        );
        for (const s of settled)
          if (s.status === 'rejected') {
            const err = s.reason as Error & { cause?: Error };
            failures.push((err.cause ?? err).message);
          }
      }
      expect(failures[0]).toMatch(/prepared statement "listing_by_id" (does not|already) exist/);
    } finally {
      await named.close();
    }
  });

  it('a queued mail goes out (the queue on the direct connection), and a rate limit counts to its end', async () => {
    const member = await buildUser(t, { emailVerified: false });
    const cookie = await signIn(t, member);
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: { cookie } });
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
    await expect
      .poll(() => t.outbox.filter((m) => m.to === member.email && /^Verify your/.test(m.subject)).length, {
        timeout: 15_000,
        interval: 50,
      })
      .toBeGreaterThanOrEqual(3);
    const res = await resend();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('a realtime event reaches the recipient’s socket (LISTEN on the direct connection)', async () => {
    const [alice, bob] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const socket = clients.open(bob.cookie);
    await connected(socket);
    const message = next<{ senderId: string }>(socket, 'message');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: { cookie: alice.cookie },
      payload: { recipientId: bob.id, message: 'through the pooler' },
    });
    expect(res.statusCode).toBe(201);
    expect((await message).senderId).toBe(alice.id);
  });

  it('presence lists a member who connects', async () => {
    const [eve, fay] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const watcher = clients.open(eve.cookie);
    await connected(watcher);
    watcher.emit('presence:join');
    type Snapshot = { count: number; users: { id: string }[] };
    await next<Snapshot>(watcher, 'presence');
    await connected(clients.open(fay.cookie));
    let snap = await next<Snapshot>(watcher, 'presence');
    while (!snap.users.some((u) => u.id === fay.id)) snap = await next<Snapshot>(watcher, 'presence');
    expect(snap.count).toBe(snap.users.length);
  });
});
