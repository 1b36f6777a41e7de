import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { runPrepared } from './prepared-read.ts';

/* The app's statement reader (prepared-read.ts) against pg's own Query on a real server (issue 38). */

let pool: pg.Pool;
beforeAll(() => {
  // The server's own database: every statement here is a connection's own (temporary tables, prepared names).
  pool = new pg.Pool({ connectionString: inject('postgresUrl').replace('{db}', 'postgres'), max: 2 });
});
afterAll(() => pool.end());

/** Runs `fn` on one client of the pool; `drop` closes its connection after (a connection the test marked). */
async function onOneClient(fn: (client: pg.PoolClient) => Promise<void>, { drop = false } = {}) {
  const client = await pool.connect();
  try {
    await fn(client);
  } finally {
    client.release(drop);
  }
}

/** A text no other test sends: the reader keeps each text's description for the life of the process. */
const fresh = (text: string) => `${text} -- ${randomUUID()}`;

/** pg's own answer to the same statement, with Drizzle's parsers (dates and intervals as sent). */
async function pgAnswer(text: string, values: unknown[], rowMode?: 'array') {
  const asSent = (v: string) => v;
  const parsers = new Map<number, (v: string) => unknown>(
    [1184, 1114, 1082, 1186, 1115, 1182, 1185, 1187, 1231].map((t) => [t, asSent]),
  );
  const types = {
    getTypeParser: (t: number, f?: string) => parsers.get(t) ?? pg.types.getTypeParser(t, f as 'text'),
  };
  return (await pool.query({ text, values, rowMode, types } as pg.QueryConfig)).rows;
}

const typed = `select $1::int as n, $2::bigint as big, $3::numeric as price, $4::bool as yes, $5::jsonb as doc,
  $6::text[] as tags, $7::uuid as id, $8::timestamptz as at, $9::date as day, '1 day'::interval as span,
  null::text as nothing, array[1.5, 2]::numeric[] as prices, array[$8::timestamptz] as ats`;
const values = [
  7,
  '9007199254740993',
  '12.50',
  true,
  JSON.stringify({ a: [1, 'two'] }),
  ['x', 'y,z', 'quote"d'],
  '2f1c6a1e-6f7b-4d43-9d0e-1d2c3b4a5f60',
  new Date('2026-11-29T06:00:00.123Z'),
  '2026-11-29',
];

describe('runPrepared', () => {
  it('answers the rows pg answers, as arrays and as objects, for every kind of column', async () => {
    const text = fresh(typed);
    for (let call = 0; call < 3; call++) {
      expect((await runPrepared(pool, text, 'reader_types', values, true)).rows).toEqual(
        await pgAnswer(text, values, 'array'),
      );
      expect((await runPrepared(pool, text, 'reader_types', values, false)).rows).toEqual(
        await pgAnswer(text, values),
      );
    }
    const [row] = (await runPrepared(pool, text, 'reader_types', values, false)).rows as Record<
      string,
      unknown
    >[];
    expect(row).toMatchObject({
      n: 7,
      big: '9007199254740993',
      yes: true,
      doc: { a: [1, 'two'] },
      nothing: null,
    });
    expect(row!.tags).toEqual(['x', 'y,z', 'quote"d']);
    // Dates stay as PostgreSQL wrote them, as Drizzle's parsers keep them.
    expect(typeof row!.at).toBe('string');
  });

  it('asks PostgreSQL to describe a text once, then binds and executes only', async () => {
    const text = fresh('select $1::int * 2 as twice');
    await onOneClient(async (client) => {
      const connection = (client as unknown as { connection: { describe: (m: unknown) => void } }).connection;
      const describe = vi.spyOn(connection, 'describe');
      for (let n = 1; n <= 4; n++)
        expect((await runPrepared(client, text, 'reader_once', [n], false)).rows).toEqual([{ twice: n * 2 }]);
      expect(describe).toHaveBeenCalledTimes(1);
      const [prepared] = (
        await client.query("select count(*)::int as n from pg_prepared_statements where name = 'reader_once'")
      ).rows;
      expect(prepared.n).toBe(1);
    });
  });

  it('answers an empty result and a statement that returns no rows', async () => {
    const none = fresh('select 1 as one where false');
    expect((await runPrepared(pool, none, 'reader_none', [], true)).rows).toEqual([]);
    expect((await runPrepared(pool, none, 'reader_none', [], true)).rows).toEqual([]);
    const write = fresh('create temporary table if not exists reader_scratch (n int)');
    expect((await runPrepared(pool, write, '', [], false)).rows).toEqual([]);
  });

  it("fails with PostgreSQL's error, once, and the client goes on serving", async () => {
    const text = fresh('select 1 / $1::int as q');
    await onOneClient(async (client) => {
      await expect(runPrepared(client, text, 'reader_error', [0], false)).rejects.toMatchObject({
        code: '22012',
      });
      expect((await runPrepared(client, text, 'reader_error', [2], false)).rows).toEqual([{ q: 0 }]);
      await expect(runPrepared(client, fresh('select nope'), 'reader_bad', [], false)).rejects.toMatchObject({
        code: '42703',
      });
      expect((await client.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    });
  });

  it('fails a value pg cannot send without losing the client', async () => {
    const text = fresh('select $1::text as v');
    await onOneClient(async (client) => {
      const unsendable = {
        toPostgres: () => {
          throw new Error('cannot send this');
        },
      };
      await expect(runPrepared(client, text, 'reader_value', [unsendable], false)).rejects.toThrow(
        'cannot send this',
      );
      expect((await runPrepared(client, text, 'reader_value', ['sent'], false)).rows).toEqual([
        { v: 'sent' },
      ]);
    });
  });

  it('refuses a name already given to another text, as pg does', async () => {
    await onOneClient(async (client) => {
      await runPrepared(client, fresh('select 1 as a'), 'reader_clash', [], false);
      await expect(runPrepared(client, fresh('select 2 as a'), 'reader_clash', [], false)).rejects.toThrow(
        "Prepared statements must be unique - 'reader_clash' was used for a different statement",
      );
    });
  });

  it('sends every statement unnamed on a connection that must (a pooler in transaction mode)', async () => {
    const text = fresh('select $1::int + 1 as next');
    await onOneClient(
      async (client) => {
        (client as unknown as { connection: { sendsUnnamed?: boolean } }).connection.sendsUnnamed = true;
        for (let n = 0; n < 3; n++)
          expect((await runPrepared(client, text, 'reader_unnamed', [n], false)).rows).toEqual([
            { next: n + 1 },
          ]);
        const [prepared] = (
          await client.query(
            "select count(*)::int as n from pg_prepared_statements where name = 'reader_unnamed'",
          )
        ).rows;
        expect(prepared.n).toBe(0);
      },
      { drop: true },
    );
  });

  it('runs inside the transaction of the client it is given', async () => {
    await onOneClient(async (client) => {
      await client.query('begin');
      await runPrepared(
        client,
        fresh('create temporary table reader_tx (n int) on commit drop'),
        '',
        [],
        false,
      );
      await runPrepared(client, fresh('insert into reader_tx values ($1)'), 'reader_tx_insert', [5], false);
      const text = fresh('select n from reader_tx');
      expect((await runPrepared(client, text, 'reader_tx_read', [], false)).rows).toEqual([{ n: 5 }]);
      await client.query('rollback');
    });
  });
});
