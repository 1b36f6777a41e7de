import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { namedRows, rows, shapedStatement } from './sql.ts';

/* namedRows on PostgreSQL: the statement is parsed and planned once per connection, then reused. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const probe = (n: number) => sql`select ${n}::int + 1 as next`;
const otherText = (n: number) => sql`select ${n}::int + 2 as next`;

it('prepares a text once per connection; another text under the same label is another statement', async () => {
  const prepared = await t.db.transaction(async (tx) => {
    for (let n = 0; n < 7; n++)
      expect(await namedRows(tx, 'probe_once', probe(n))).toEqual([{ next: n + 1 }]);
    expect(await namedRows(tx, 'probe_once', otherText(1))).toEqual([{ next: 3 }]);
    return rows<{ name: string; statement: string; plans: number }>(
      tx,
      sql`select name, statement, (generic_plans + custom_plans)::int as plans from pg_prepared_statements
        where name like 'probe_once_%' order by plans desc`,
    );
  });
  expect(prepared.map((p) => [p.statement, p.plans])).toEqual([
    ['select $1::int + 1 as next', 7],
    ['select $1::int + 2 as next', 1],
  ]);
  expect(prepared[0]!.name).not.toBe(prepared[1]!.name);
});

it('prepares a shaped statement once per connection and shape, named by its label', async () => {
  const run = shapedStatement<{ next: number }, { plus: boolean }>(
    'probe_shape',
    (shape) => sql`select ${sql.placeholder('n')}::int ${shape.plus ? sql`+` : sql`-`} 1 as next`,
  );
  const prepared = await t.db.transaction(async (tx) => {
    for (let n = 0; n < 4; n++) {
      expect(await run(tx, { plus: true }, { n })).toEqual([{ next: n + 1 }]);
      expect(await run(tx, { plus: false }, { n })).toEqual([{ next: n - 1 }]);
    }
    return rows<{ statement: string; plans: number }>(
      tx,
      sql`select statement, (generic_plans + custom_plans)::int as plans from pg_prepared_statements
        where name like 'probe_shape_%' order by statement`,
    );
  });
  expect(prepared).toEqual([
    { statement: 'select $1::int + 1 as next', plans: 4 },
    { statement: 'select $1::int - 1 as next', plans: 4 },
  ]);
});
