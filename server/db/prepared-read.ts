import { createRequire } from 'node:module';
import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';

/** pg's own conversion of a parameter to what it sends (its lib files ship without types). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * A named statement run through pg's Submittable interface (the one pg-cursor uses) instead of its `Query`, for
 * every statement the app names (prepared.ts, sql.ts namedRows). For each call pg's `Query` copies its config
 * with property descriptors, builds an EventEmitter and a Result, asks PostgreSQL to describe the result again
 * and looks a parser up for each of its columns; a named statement's result never changes, so here it is
 * described once per text and process, and later calls send Bind, Execute and Sync only. Measured on the bench
 * database (issue 38): the listing detail's two statements 59 → 34 µs of the app's CPU, the thread page's three
 * 121 → 89 µs, and PostgreSQL sends no RowDescription.
 *
 * The rows are what pg gives with Drizzle's type parsers (node-postgres/session.ts): dates and intervals, and
 * arrays of them, stay the text PostgreSQL sent; everything else parses as pg parses it.
 */
type Parser = (text: string) => unknown;
interface Described {
  parsers: Parser[];
  names: string[];
}
interface FieldDescription {
  name: string;
  dataTypeID: number;
}
/** What pg hands a submittable's `submit` (its internal connection). */
interface Connection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  /** Set by client.ts `sendUnnamed`: every statement goes unnamed (a pooler in transaction mode). */
  sendsUnnamed?: boolean;
  parse(query: { text: string; name: string }): void;
  bind(config: {
    portal: string;
    statement: string;
    values: unknown[];
    valueMapper: typeof prepareValue;
  }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** Drizzle's parsers (drizzle-orm/node-postgres/session.js): these types stay as PostgreSQL wrote them. */
const AS_SENT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asSent: Parser = (text) => text;
const parserOf = (type: number): Parser =>
  AS_SENT.has(type) ? asSent : (pg.types.getTypeParser(type, 'text') as Parser);

/**
 * Each text's result columns, as PostgreSQL described them the first time: one per statement of the app, a
 * fixed set. Bounded all the same: past the bound it starts over, which costs descriptions, never a wrong row.
 */
const described = new Map<string, Described>();
const MAX_DESCRIBED = 2000;

export interface PreparedResult {
  rows: unknown[];
}

export class PreparedRead {
  readonly text: string;
  /** The statement's name: '' sends it unnamed (parsed at each call). */
  name: string;
  readonly values: unknown[];
  /** As pg's config says it: rows as arrays, or as objects by column name. */
  readonly rowMode: 'array' | undefined;
  /** Set by pg's Client#query before `submit`: called once, with the rows or the error. */
  callback?: (err: Error | null, result?: PreparedResult) => void;
  private columns: Described | undefined;
  private readonly rows: unknown[] = [];
  private failed: Error | undefined;

  constructor(text: string, name: string, values: unknown[], asArrays: boolean) {
    this.text = text;
    this.name = name;
    this.values = values;
    this.rowMode = asArrays ? 'array' : undefined;
    this.columns = described.get(text);
  }

  submit(connection: Connection) {
    if (connection.sendsUnnamed) this.name = '';
    const previous = this.name
      ? (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name])
      : undefined;
    if (previous !== undefined && previous !== this.text)
      return new Error(
        `Prepared statements must be unique - '${this.name}' was used for a different statement`,
      );
    // One write for the messages that follow, as pg's Query does.
    connection.stream.cork?.();
    try {
      if (previous === undefined) {
        connection.parse({ text: this.text, name: this.name });
        if (this.name) connection.submittedNamedStatements[this.name] = this.text;
      }
      try {
        connection.bind({ portal: '', statement: this.name, values: this.values, valueMapper: prepareValue });
      } catch (err) {
        // A value that cannot be sent: the call fails once PostgreSQL is ready again (the statement stays).
        connection.sync();
        this.failed = err as Error;
        return null;
      }
      if (!this.columns) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: FieldDescription[] }) {
    this.columns = {
      parsers: msg.fields.map((f) => parserOf(f.dataTypeID)),
      names: msg.fields.map((f) => f.name),
    };
    if (described.size >= MAX_DESCRIBED) described.clear();
    described.set(this.text, this.columns);
  }

  handleDataRow(msg: { fields: (string | null)[] }) {
    if (this.failed) return;
    const { parsers, names } = this.columns ?? NO_COLUMNS;
    const fields = msg.fields;
    try {
      if (this.rowMode === 'array') {
        const row = new Array<unknown>(fields.length);
        for (let i = 0; i < fields.length; i++) row[i] = fields[i] === null ? null : parsers[i]!(fields[i]!);
        this.rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++)
          row[names[i]!] = fields[i] === null ? null : parsers[i]!(fields[i]!);
        this.rows.push(row);
      }
    } catch (err) {
      this.failed = err as Error;
    }
  }

  handleError(err: Error) {
    this.callback?.(this.failed ?? err);
  }

  handleReadyForQuery() {
    if (this.failed) this.callback?.(this.failed);
    else this.callback?.(null, { rows: this.rows });
  }

  // Messages a plain statement's Execute does not bring; answered as pg's Query answers them.
  handleCommandComplete() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
  handleCopyInResponse(connection: Connection) {
    connection.sendCopyFail('No source stream defined');
  }
}
const NO_COLUMNS: Described = { parsers: [], names: [] };

/** A pool or one of its clients (a transaction's), as Drizzle's node-postgres session holds it. */
type Target = pg.Pool | pg.PoolClient | pg.Client;

/**
 * Runs a named statement (`name` '' for an unnamed one) on a pool or a client and answers its rows: arrays
 * (`asArrays`, what Drizzle's prepared selects map) or objects by column name (a raw statement's rows).
 */
export function runPrepared(
  target: Target,
  text: string,
  name: string,
  values: unknown[],
  asArrays: boolean,
): Promise<PreparedResult> {
  const read = new PreparedRead(text, name, values, asArrays);
  // The pool hands the call a client and gives it back when pg calls the callback it sets.
  if (target instanceof pg.Pool) return target.query(read as never) as unknown as Promise<PreparedResult>;
  return new Promise((resolve, reject) => {
    read.callback = (err, result) => (err ? reject(err) : resolve(result!));
    target.query(read as never);
  });
}

/** What the reader needs of Drizzle's prepared select on node-postgres (drizzle-orm 0.45's NodePgPreparedQuery). */
interface NodePgPrepared {
  client?: Target;
  queryString?: string;
  params?: unknown[];
  queryConfig?: { name?: string };
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Makes a Drizzle prepared select on node-postgres run through the reader: the same statement and name, its
 * placeholders filled as Drizzle fills them, its rows mapped by its compiled mapper (row-mapper.ts). PGlite's,
 * and a statement without a mapper (raw rows, which Drizzle answers as pg's whole result), are left as they are.
 */
export function readPrepared(prepared: unknown) {
  const p = prepared as NodePgPrepared;
  const { client, queryString, params, queryConfig, customResultMapper } = p;
  if (!queryString || !params || !queryConfig || !customResultMapper || !isPgTarget(client)) return;
  const name = queryConfig.name ?? '';
  p.execute = async (values = {}) => {
    const { rows } = await runPrepared(client, queryString, name, fillPlaceholders(params, values), true);
    return customResultMapper(rows as unknown[][]);
  };
}

/** Whether Drizzle's session runs on node-postgres (a pool or a transaction's client), not PGlite. */
export const isPgTarget = (client: unknown): client is Target =>
  client instanceof pg.Pool || client instanceof pg.Client;
