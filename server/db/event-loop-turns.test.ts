import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/* Concurrent requests' queries leave the event loop free to read sockets and accept connections between
 * them: on PGlite, which runs in this thread, a burst of queries otherwise ran in one drain of promise
 * callbacks (client.ts, sharePglite). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('lets the event loop turn between the queries of concurrent requests', async () => {
  const requests = 20;
  const queriesEach = 10;
  let done = 0;
  const work = Array.from({ length: requests }, async () => {
    for (let i = 0; i < queriesEach; i++) {
      await t.db.execute(sql`select 1`);
      done++;
    }
  });
  // Scheduled after every request's first query: it runs at the loop's next turn.
  const doneAtNextTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
  await Promise.all(work);

  expect(done).toBe(requests * queriesEach);
  // At most each request's first query ran before the loop turned, not every query of every request.
  expect(doneAtNextTurn).toBeLessThanOrEqual(requests);
});
