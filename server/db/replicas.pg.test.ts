import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListing, buildSignedInUser, fundUser } from '../test/factories.ts';
import { type PostgresServer, type ReplicaServer, startPostgres } from '../test/postgres-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { type Database, type Db, openDatabase } from './client.ts';
import { openReplicaSet, parseLsn } from './replicas.ts';

/*
 * Read replicas (issue 39) on a real primary and a real streaming replica (pg_basebackup -R) on loopback.
 * `pg_wal_replay_pause()` holds the replica back, so what a reader sees tells which server answered.
 */

let primary: PostgresServer;
let replica: ReplicaServer;
let database: Database;
let t: TestApp;
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let author: Member;
let reader: Member;

async function onReplica(text: string) {
  const c = new pg.Client({ connectionString: replica.url('app') });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}
async function onPrimary(text: string) {
  const c = new pg.Client({ connectionString: primary.url('app') });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}
/**
 * Holds the replica back. `pg_wal_replay_pause()` only requests it (PostgreSQL 14+): replay goes on until the
 * next record, so a write made at once could still reach the replica (seen in CI: another member read the
 * author's listing). A record written on the primary brings the replica to that point; once it says 'paused',
 * nothing more is replayed.
 */
async function pause() {
  await onReplica('select pg_wal_replay_pause()');
  await expect
    .poll(
      async () => {
        const [row] = await onReplica('select pg_get_wal_replay_pause_state() as state');
        if (row.state !== 'paused') await onPrimary('insert into replay_probe default values');
        return row.state;
      },
      { timeout: 20_000 },
    )
    .toBe('paused');
}
const resume = () => onReplica('select pg_wal_replay_resume()');

beforeAll(async () => {
  primary = await startPostgres({ wal_level: 'replica' });
  const admin = new pg.Client({ connectionString: primary.url('postgres') });
  await admin.connect();
  await admin.query('create database app');
  await admin.end();
  const setup = await openDatabase({ databaseUrl: primary.url('app'), poolSize: 1 });
  await setup.migrate();
  await setup.close();
  await onPrimary('create table replay_probe (at timestamptz not null default now())');
  replica = await primary.startReplica();
  database = await openDatabase({
    databaseUrl: primary.url('app'),
    poolSize: 5,
    readUrls: [replica.url('app')],
    readMaxLagMs: 60_000,
  });
  t = await buildTestApp({ database });
  [author, reader] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
  replica?.stop();
  primary?.stop();
});

const listing = {
  title: 'Triggerbot for Valorant',
  game: 'Valorant',
  type: 'cheat',
  detectionStatus: 'undetected',
  features: 'Triggerbot',
  requirements: 'Windows 11',
  description: 'A careful triggerbot with a humanised delay.',
  contentLink: 'https://files.example.com/tb.zip',
  price: 300,
  imageUrl: null,
};
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const served = () => database.replicas!.stats()[0]!.requests;
/** The write-position cookie a response set, as the browser would send it back with the session. */
const withPosition = (cookie: string, res: { headers: Record<string, unknown> }) => {
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[]) ?? []);
  const position = set.find((c) => c.startsWith('cm_wal='))?.split(';')[0];
  expect(position).toMatch(/^cm_wal=[0-9A-F]+\/[0-9A-F]+$/);
  // The browser keeps one cookie of a name: the new position replaces the sign-in's.
  return [...cookie.split('; ').filter((c) => !c.startsWith('cm_wal=')), position].join('; ');
};

describe('read replicas', () => {
  it('a caught-up replica serves GET reads', async () => {
    await database.replicas!.poll();
    const before = served();
    const res = await get('/api/v1/listings', reader.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(served()).toBe(before + 1);
  });

  it('the author reads their own write at once while the replica is held back; others once it catches up', async () => {
    await pause();
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/listings',
        headers: { cookie: author.cookie },
        payload: listing,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const authorCookie = withPosition(author.cookie, created);
      await database.replicas!.poll();

      const own = await get(`/api/v1/listings/${id}`, authorCookie);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().title).toBe(listing.title);
      // Another member reads the replica, which has not replayed the listing yet.
      const before = served();
      expect((await get(`/api/v1/listings/${id}`, reader.cookie)).statusCode).toBe(404);
      expect(served()).toBe(before + 1);

      await resume();
      await expect
        .poll(async () => {
          await database.replicas!.poll();
          return (await get(`/api/v1/listings/${id}`, reader.cookie)).statusCode;
        })
        .toBe(200);
      // Once it has replayed the author's position too (a little past the listing: the write's later records),
      // the replica serves the author again.
      await expect
        .poll(async () => {
          await database.replicas!.poll();
          const again = served();
          expect((await get(`/api/v1/listings/${id}`, authorCookie)).statusCode).toBe(200);
          return served() - again;
        })
        .toBe(1);
    } finally {
      await resume();
    }
  });

  it("the author's post, message and purchase too: each read back at once from the primary", async () => {
    const seller = await buildSignedInUser(t);
    const forSale = await buildListing(t, { userId: seller.id, price: 120 });
    await fundUser(t, author.id, 500);
    // The replica has the listing and the funds before it is held back.
    await expect
      .poll(
        async () =>
          (
            await onReplica(`select count(*)::int as n from marketplace_listings where id = '${forSale.id}'`)
          )[0].n,
      )
      .toBe(1);
    await pause();
    try {
      let cookie = author.cookie;
      const write = async (url: string, payload: object) => {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
        expect(res.statusCode, res.body).toBe(201);
        cookie = withPosition(cookie, res);
        return res.json();
      };
      const post = await write('/api/v1/posts', { content: 'Held-back replica post' });
      const message = await write('/api/v1/messages', {
        recipientId: reader.id,
        message: 'Held-back replica message',
      });
      const order = await write(`/api/v1/listings/${forSale.id}/purchase`, { expectedPrice: 120 });
      await database.replicas!.poll();

      const posts = await get(`/api/v1/users/${author.id}/posts`, cookie);
      expect(posts.json().items.map((p: { id: string }) => p.id)).toContain(post.id);
      const thread = await get(`/api/v1/conversations/${reader.id}`, cookie);
      expect(JSON.stringify(thread.json())).toContain(message.id);
      const orders = await get('/api/v1/orders', cookie);
      expect(JSON.stringify(orders.json())).toContain(order.id);
      // Others read the replica, which has none of it yet.
      const seen = await get(`/api/v1/users/${author.id}/posts`, reader.cookie);
      expect(seen.json().items.map((p: { id: string }) => p.id)).not.toContain(post.id);
    } finally {
      await resume();
    }
  });

  it('a replica further behind than DATABASE_READ_MAX_LAG_MS is skipped, and taken back when it catches up', async () => {
    const strict = await openDatabase({
      databaseUrl: primary.url('app'),
      poolSize: 2,
      readUrls: [replica.url('app')],
      readMaxLagMs: 200,
    });
    const second = await buildTestApp({ database: strict });
    try {
      // Its first looks: healthy once it has answered and is within the limit.
      await expect
        .poll(async () => {
          await strict.replicas!.poll();
          return strict.replicas!.stats()[0]!.healthy;
        })
        .toBe(true);
      await pause();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/listings',
        headers: { cookie: author.cookie },
        payload: { ...listing, title: 'Lagging replica listing' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      await expect
        .poll(async () => {
          await strict.replicas!.poll();
          return strict.replicas!.stats()[0]!.healthy;
        })
        .toBe(false);
      // Left out: the reader's request goes to the primary and finds the listing.
      const res = await second.app.inject({
        method: 'GET',
        url: `/api/v1/listings/${id}`,
        headers: { cookie: reader.cookie },
      });
      expect(res.statusCode).toBe(200);
      await resume();
      await expect
        .poll(async () => {
          await strict.replicas!.poll();
          return strict.replicas!.stats()[0]!.healthy;
        })
        .toBe(true);
    } finally {
      await resume();
      await second.close();
      await strict.close();
    }
  });

  it('a stopped replica is skipped without an error, and taken back when it returns', async () => {
    replica.halt();
    try {
      await database.replicas!.poll();
      expect(database.replicas!.stats()[0]).toMatchObject({
        healthy: false,
        lagMs: Number.POSITIVE_INFINITY,
      });
      const before = served();
      const res = await get('/api/v1/listings', reader.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(served()).toBe(before);
    } finally {
      replica.restart();
    }
    await expect
      .poll(
        async () => {
          await database.replicas!.poll();
          return database.replicas!.stats()[0]!.healthy;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const before = served();
    expect((await get('/api/v1/listings', reader.cookie)).statusCode).toBe(200);
    expect(served()).toBe(before + 1);
  });
});

describe("a write's position", () => {
  const POSITION_QUERY = 'select pg_current_wal_insert_lsn()::text as lsn';

  it('writes ending together share one query of the primary, and each position covers its own write', async () => {
    const pool = new pg.Pool({ connectionString: primary.url('app'), max: 6 });
    let asked = 0;
    const query = pool.query.bind(pool) as (text: string) => Promise<pg.QueryResult>;
    // Counted at the pool's door, the product's own pool object otherwise untouched.
    (pool as unknown as { query: typeof query }).query = (text) => {
      if (text === POSITION_QUERY) asked++;
      return query(text);
    };
    // No polling during the test: every position query counted is a write's.
    const set = openReplicaSet({ pool, db: drizzle(pool) as unknown as Db }, [replica.url('app')], {
      maxLagMs: 60_000,
      pollMs: 3_600_000,
      queryTimeoutMs: 5_000,
    });
    try {
      await query('create table if not exists position_probe (n int)');
      const written = await Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          await query(`insert into position_probe values (${n})`);
          // Where the write's own session has put WAL, its commit record included: the primary runs with
          // synchronous_commit off, so that record may not be written out yet when the response asks.
          const { rows } = await query('select pg_current_wal_insert_lsn()::text as mine');
          return parseLsn(rows[0].mine);
        }),
      );
      // Twenty writes' responses asking at once: the first starts a query, the other nineteen share the next
      // (started after the first, so after every write that asked while it ran).
      const positions = (await Promise.all(written.map(() => set.writePosition()))).map(parseLsn);
      let furthest = 0n;
      for (const w of written) if (w > furthest) furthest = w;
      for (const p of positions) expect(p >= furthest).toBe(true);
      expect(asked).toBe(2);
      // One asking alone later starts a query of its own.
      await set.writePosition();
      expect(asked).toBe(3);
    } finally {
      await set.close();
      await pool.end();
    }
  });
});
