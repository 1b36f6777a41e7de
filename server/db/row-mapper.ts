import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { TimestampFromText } from './timestamp-text.ts';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** One selected field of a Drizzle query: where it goes in the result object, and the column or SQL. */
export interface SelectedField {
  path: string[];
  field: unknown;
}
type Obj = Record<string, unknown>;
type Step =
  | { kind: 'object'; node: number; parent: number; key: string }
  | { kind: 'value'; column: number; node: number; key: string; decoder: Decoder };

/* `decoder` is internal to Drizzle's SQL (not in its types). */
const decoderOfSql = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;

/** Drizzle's decoder of a `timestamp with time zone` (`new Date(text)`), with the text kept for its ISO form. */
const timestampWithZone: Decoder = {
  mapFromDriverValue: (value) => (typeof value === 'string' ? new TimestampFromText(value) : value),
};

function decoderOf(field: unknown): Decoder {
  if (is(field, PgTimestamp) && field.withTimezone) return timestampWithZone;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * The rows of a prepared statement (array mode) as Drizzle's objects, with what Drizzle's `mapResultRow`
 * works out for every field of every row worked out once per statement: the decoder (a prototype walk per
 * field when it is not a column), the nested objects, the tables a left join may leave null. On a page of
 * listings that per-field work was 9.5 % of the app's CPU (issue 13's profile of browse).
 *
 * The result is the same as Drizzle's (tested against it): a nested object of one left-joined table's
 * columns is null when its first column is.
 */
export function compileRowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>) {
  const nodes = new Map<string, number>([['', 0]]);
  const steps: Step[] = [];
  fields.forEach(({ path, field }, column) => {
    let parent = 0;
    for (let depth = 1; depth < path.length; depth++) {
      const id = path.slice(0, depth).join('\0');
      let node = nodes.get(id);
      if (node === undefined) {
        node = nodes.size;
        nodes.set(id, node);
        steps.push({ kind: 'object', node, parent, key: path[depth - 1]! });
      }
      parent = node;
    }
    steps.push({ kind: 'value', column, node: parent, key: path.at(-1)!, decoder: decoderOf(field) });
  });

  // Drizzle's rule: an object of two levels whose column fields all come from one table, a table the joins
  // may leave out, is null when its first column is.
  const nullable: { key: string; node: number; field: string }[] = [];
  if (joinsNotNullableMap) {
    const first = new Map<string, { node: number; field: string; table: string | false }>();
    for (const { path, field } of fields) {
      if (!is(field, Column) || path.length !== 2) continue;
      const table = getTableName(field.table);
      const seen = first.get(path[0]!);
      if (!seen) first.set(path[0]!, { node: nodes.get(path[0]!)!, field: path[1]!, table });
      else if (seen.table !== table) seen.table = false;
    }
    for (const [key, f] of first)
      if (f.table !== false && !joinsNotNullableMap[f.table])
        nullable.push({ key, node: f.node, field: f.field });
  }

  const size = nodes.size;
  const mapRow = (row: unknown[]) => {
    const objects: Obj[] = new Array(size);
    objects[0] = {};
    for (const s of steps) {
      if (s.kind === 'object') {
        const created: Obj = {};
        objects[s.node] = created;
        objects[s.parent]![s.key] = created;
      } else {
        const raw = row[s.column];
        objects[s.node]![s.key] = raw === null ? null : s.decoder.mapFromDriverValue(raw);
      }
    }
    for (const n of nullable) if (objects[n.node]![n.field] === null) objects[0][n.key] = null;
    return objects[0];
  };
  return (rows: unknown[][]) => rows.map(mapRow);
}

/** What the mapper needs of Drizzle's prepared query (fields of drizzle-orm 0.45's PgPreparedQuery). */
interface PreparedInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Makes a prepared select map its rows with {@link compileRowMapper}, through the hook Drizzle's
 * relational queries use (`customResultMapper`, read by `execute` of both drivers). A statement without
 * fields (raw rows) or with a mapper of its own is left as it is.
 */
export function compileRowsOf(prepared: unknown) {
  const p = prepared as PreparedInternals;
  if (!p.fields || p.customResultMapper) return;
  p.customResultMapper = compileRowMapper(p.fields, p.joinsNotNullableMap);
}
