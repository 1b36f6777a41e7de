import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lockKey } from '../../db/sql.ts';
import { altcha } from '../../test/altcha.ts';
import { buildSignedInUser, buildUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newContactKey } from '../trust/service.ts';

/*
 * A member's first messages to new people wait for their own lock (trust/service.ts newContactKey). They must wait
 * in memory, one at a time per sender (db/sql.ts oneAtATime), not each on a pool connection: a burst of them took
 * every connection of the instance, and other members' requests failed with 503 after the pool's 3 s. PostgreSQL
 * only: the lock is held here from another connection, which PGlite's one connection cannot do.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it("a burst of first messages waiting on the sender's lock leaves the pool to everyone else", async () => {
  const rookie = await buildSignedInUser(t, { trustLevel: 'new' });
  const bystander = await buildSignedInUser(t);
  const recipients = await Promise.all(Array.from({ length: 12 }, () => buildUser(t)));
  const headers = await Promise.all(
    recipients.map(async () => ({ cookie: rookie.cookie, ...(await altcha(t.app)) })),
  );

  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const taken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  // A send of this member's on another instance, holding the lock: the twelve here must wait for it.
  const key = newContactKey({ id: rookie.id } as Parameters<typeof newContactKey>[0]);
  const holder = t.db.transaction(async (tx) => {
    await lockKey(tx, key);
    locked();
    await held;
  });
  await taken;
  const sends = recipients.map((r, i) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: headers[i],
      payload: { recipientId: r.id, message: 'Hello there' },
    }),
  );
  // pg_locks lists the whole server's locks, and other test files' databases share it: only this lock counts.
  const waitingOnLock = () =>
    t.db
      .execute(
        sql`select count(*)::int as n from pg_locks
            where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())
              and ((classid::bigint << 32) | objid::bigint) = hashtextextended(${key}, 0)`,
      )
      .then((r) => (r as { rows: { n: number }[] }).rows[0]!.n);
  try {
    await expect.poll(waitingOnLock).toBe(1);

    // Before: the twelve held the test pool's five connections and this read waited for one until the pool gave up.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/conversations',
      headers: { cookie: bystander.cookie },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(t.database.stats().waiting).toBe(0);
    expect(await waitingOnLock()).toBe(1);
  } finally {
    // A failed check must not leave the lock held: the sends and the app's close would wait for it forever.
    release();
  }
  await holder;
  const answers = await Promise.all(sends);
  // A new member starts at most 10 conversations a day (trust.test.ts): the lock still counts them one by one.
  expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
  expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(2);
});
