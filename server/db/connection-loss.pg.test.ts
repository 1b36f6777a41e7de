import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { rows } from './sql.ts';

/**
 * A connection lost while a request holds it (the database restarting, a network cut): pg emits 'error' on a
 * client the pool has lent out, which has no listener of pg-pool's then. Unheard, that error killed the
 * whole process (seen in the outage test). Now that request fails and everything else goes on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('a connection lost mid-transaction fails that transaction; the process and the pool go on', async () => {
  const lost = t.db.transaction(async (tx) => {
    const [me] = await rows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
    await rows(t.db, sql`select pg_terminate_backend(${me!.pid}::int)`);
    await rows(tx, sql`select 1`);
  });
  await expect(lost).rejects.toThrow();
  expect(await rows<{ ok: number }>(t.db, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
});
