import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { namedRows, rows } from './sql.ts';

/* namedRows: a hot raw statement sent named, planned once per connection (issue 13). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const probe = (n: number) => sql`select ${n}::int + 1 as next, 'named' as kind`;

describe('namedRows', () => {
  it('answers what the same statement answers unnamed, from SQL or from text and values', async () => {
    expect(await namedRows(t.db, 'probe', probe(41))).toEqual(await rows(t.db, probe(41)));
    expect(await namedRows(t.db, 'probe', { sql: 'select $1::int * 2 as twice', params: [21] })).toEqual([
      { twice: 42 },
    ]);
  });

  it('runs inside the transaction it is given, and rolls back with it', async () => {
    const marker = `named-${Date.now()}`;
    await expect(
      t.db.transaction(async (tx) => {
        await namedRows(
          tx,
          'probe_write',
          sql`insert into site_settings (key, value) values (${marker}, '1'::jsonb) returning key`,
        );
        const [seen] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from site_settings where key = ${marker}`,
        );
        expect(seen!.n).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [after] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from site_settings where key = ${marker}`,
    );
    expect(after!.n).toBe(0);
  });
});
