import type pg from 'pg';

/** A statement as the app sent it (statement-counter.ts records these). */
export interface SentStatement {
  text: string;
  params: unknown[];
}

/** EXECUTE's arguments: the values as literals (a bound parameter would be the EXPLAIN's own). */
export function executeArgs(client: pg.PoolClient, params: unknown[]): string {
  const literal = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (Array.isArray(v))
      return client.escapeLiteral(`{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
    return client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
  };
  return params.map(literal).join(', ');
}

/**
 * Whether PostgreSQL settles on a generic plan for a statement the app names (issue 38, decision 074): it
 * plans a prepared statement's first five executions for their values, then keeps the generic plan unless
 * that looks dearer. EXPLAIN EXECUTE takes the same path through the plan cache without running the
 * statement, so a write is asked about without writing; after seven, `generic_plans` says which it chose.
 */
export async function keepsGenericPlan(pool: pg.Pool, statement: SentStatement): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query(`prepare settle_check as ${statement.text}`);
    try {
      const args = executeArgs(client, statement.params);
      for (let n = 0; n < 7; n++)
        await client.query(`explain execute settle_check${args ? `(${args})` : ''}`);
      const { rows } = await client.query<{ generic: number }>(
        `select generic_plans::int as generic from pg_prepared_statements where name = 'settle_check'`,
      );
      return (rows[0]?.generic ?? 0) > 0;
    } finally {
      await client.query('deallocate settle_check');
    }
  } finally {
    client.release();
  }
}
