import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { namedRows, rows, shapedStatement } from './sql.ts';

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

describe('shapedStatement', () => {
  it("builds a text once per shape, whatever order its flags are written in, and fills each call's values", async () => {
    const built: string[] = [];
    const run = shapedStatement<{ answer: number }, { doubled: boolean; negated: boolean }>(
      'probe_shaped',
      (shape) => {
        built.push(`${shape.doubled}/${shape.negated}`);
        const value = shape.doubled
          ? sql`${sql.placeholder('n')}::int * 2`
          : sql`${sql.placeholder('n')}::int`;
        return sql`select ${shape.negated ? sql`-${value}` : value} as answer`;
      },
    );
    expect(await run(t.db, { doubled: true, negated: false }, { n: 4 })).toEqual([{ answer: 8 }]);
    expect(await run(t.db, { negated: false, doubled: true }, { n: 5 })).toEqual([{ answer: 10 }]);
    expect(await run(t.db, { doubled: false, negated: true }, { n: 6 })).toEqual([{ answer: -6 }]);
    expect(await run(t.db, { negated: true, doubled: false }, { n: 7 })).toEqual([{ answer: -7 }]);
    expect(built).toEqual(['true/false', 'false/true']);
  });

  it('refuses a run that leaves a placeholder without its value', async () => {
    const run = shapedStatement<{ n: number }, Record<string, never>>(
      'probe_unfilled',
      () => sql`select ${sql.placeholder('n')}::int as n`,
    );
    await expect(run(t.db, {}, {})).rejects.toThrow('No value for placeholder "n" was provided');
    expect(await run(t.db, {}, { n: 3 })).toEqual([{ n: 3 }]);
  });
});
