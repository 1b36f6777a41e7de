import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListing, buildUser } from '../test/factories.ts';
import { countStatements } from '../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { preparedStatements } from './prepared.ts';

/*
 * Statements marked `genericPlan` (decision 078) run on connections of their own where PostgreSQL keeps every
 * prepared statement's generic plan; every other statement keeps PostgreSQL's own choice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const planMode = (name: string, genericPlan: boolean) =>
  preparedStatements(
    name,
    (db) => db.select({ mode: sql<string>`current_setting('plan_cache_mode')` }).from(sql`(select 1) as one`),
    { genericPlan },
  );
const marked = planMode('plan_mode_generic', true);
const unmarked = planMode('plan_mode_default', false);

describe('statements that keep their generic plan', () => {
  it('run where plan_cache_mode is force_generic_plan; the others where PostgreSQL chooses', async () => {
    expect(await marked(t.db, '').execute()).toEqual([{ mode: 'force_generic_plan' }]);
    expect(await unmarked(t.db, '').execute()).toEqual([{ mode: 'auto' }]);
    // In a transaction the statement stays on the transaction's connection.
    const inTx = await t.db.transaction((tx) => marked(tx, '').execute());
    expect(inTx).toEqual([{ mode: 'auto' }]);
  });

  it('PostgreSQL runs the marked statement with its generic plan from the first call on', async () => {
    const probe = preparedStatements(
      'plan_mode_probe',
      (db) =>
        db
          .select({ generic: sql<number>`generic_plans::int`, custom: sql<number>`custom_plans::int` })
          .from(sql`pg_prepared_statements`)
          .where(sql`name = 'plan_mode_probe' and ${sql.placeholder('n')}::int >= 0`),
      { genericPlan: true },
    );
    // The probe reads its own row: all eight calls ran the generic plan, none was planned for its values
    // (PostgreSQL's own choice plans the first five for their values).
    let last: { generic: number; custom: number }[] = [];
    for (let n = 0; n < 8; n++) last = await probe(t.db, '').execute({ n });
    expect(last).toEqual([{ generic: 8, custom: 0 }]);
  });

  it('the marketplace word search goes out on such a connection, with the same page as before', async () => {
    const seller = await buildUser(t);
    const listings = [];
    for (const title of ['Legendary aimbot', 'Legendary radar', 'Plain esp'])
      listings.push(await buildListing(t, { userId: seller.id, title }));
    const { result, calls } = await countStatements(t.database, () =>
      t.app.inject({ method: 'GET', url: '/api/v1/listings?q=legendary' }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json().items.map((l: { id: string }) => l.id)).toEqual([listings[1]!.id, listings[0]!.id]);
    const search = calls.filter((c) => c.name?.startsWith('listing_word_search'));
    expect(search).toHaveLength(1);
    expect(search[0]!.genericPlans).toBe(true);
    // Only that statement: the session, the word lookup and the rest keep PostgreSQL's own choice.
    expect(calls.filter((c) => c.genericPlans)).toHaveLength(1);
  });

  it('the global search ranks on such a connection, after its candidates are read where PostgreSQL plans them', async () => {
    const word = `gp${randomUUID().slice(0, 6)}`;
    const member = await buildUser(t, { username: `${word}_member` });
    const { result, calls } = await countStatements(t.database, () =>
      t.app.inject({ method: 'GET', url: `/api/v1/search?q=${word}` }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json().users).toEqual([{ id: member.id, username: `${word}_member`, avatarUrl: null }]);
    const search = calls.filter((c) => /search_words|cheats/.test(c.text));
    expect(search.map((c) => [c.name ?? null, c.genericPlans ?? false])).toEqual([
      [null, false],
      [expect.stringMatching(/^global_search_words/), true],
    ]);
  });
});
