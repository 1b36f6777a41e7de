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

/* `decoder` is internal to Drizzle's SQL (not in its types). */
const decoderOfSql = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;

/** Decoders that give the value as the driver gave it: a column's default, and a plain `sql` field's. */
const AS_GIVEN = new Set([Column.prototype.mapFromDriverValue, decoderOfSql(new SQL([])).mapFromDriverValue]);

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** An object of the result: its keys in the order Drizzle gives them, each a nested object or a column's index. */
interface Shape {
  keys: Map<string, Shape | number>;
}

/**
 * The rows of a prepared statement (array mode) as Drizzle's objects, with what Drizzle's `mapResultRow`
 * works out for every field of every row worked out once per statement: the decoder (a prototype walk per
 * field when it is not a column), the nested objects, the tables a left join may leave null. On a page of
 * listings that per-field work was 9.5 % of the app's CPU (issue 13's profile of browse).
 *
 * A statement's row is then built by a function written for it: one object literal with its keys spelled
 * out, as fast-json-stringify writes a serializer for a schema. Objects assigned key by key in a loop made
 * every store megamorphic: 26 µs for a page of 24 listings, against 9.4 (issue 38). The keys are the query's
 * own field names, quoted by JSON.stringify; nothing a request sends reaches the function's text.
 *
 * The result is the same as Drizzle's (tested against it): a nested object of one left-joined table's
 * columns is null when its first column is. A `timestamp with time zone` is a {@link TimestampFromText}, a
 * Date like Drizzle's whose ISO form needs no formatting (decision 082).
 */
export function compileRowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>) {
  const root: Shape = { keys: new Map() };
  const decoders: Decoder[] = [];
  const values: string[] = [];
  fields.forEach(({ path, field }, column) => {
    let shape = root;
    for (const key of path.slice(0, -1)) {
      let inner = shape.keys.get(key);
      if (inner === undefined) {
        inner = { keys: new Map() };
        shape.keys.set(key, inner);
      }
      shape = inner as Shape;
    }
    shape.keys.set(path.at(-1)!, column);
    // In an object literal this key would set the prototype instead of a field.
    if (path.includes('__proto__')) throw new Error('A selected field is named __proto__');
    const raw = `row[${column}]`;
    const decoder = decoderOf(field);
    if (is(field, PgTimestamp) && field.withTimezone)
      values[column] = `(typeof ${raw} === 'string' ? new TimestampFromText(${raw}) : ${raw})`;
    else if (AS_GIVEN.has(decoder.mapFromDriverValue)) values[column] = raw;
    else {
      const at = decoders.push(decoder) - 1;
      values[column] = `(${raw} === null ? null : decoders[${at}].mapFromDriverValue(${raw}))`;
    }
  });
  const literal = (shape: Shape): string =>
    `{${[...shape.keys]
      .map(
        ([key, inner]) =>
          `${JSON.stringify(key)}: ${typeof inner === 'number' ? values[inner] : literal(inner)}`,
      )
      .join(', ')}}`;

  // Drizzle's rule: an object of two levels whose column fields all come from one table, a table the joins
  // may leave out, is null when its first column is.
  const nulls: string[] = [];
  if (joinsNotNullableMap) {
    const first = new Map<string, { field: string; table: string | false }>();
    for (const { path, field } of fields) {
      if (!is(field, Column) || path.length !== 2) continue;
      const table = getTableName(field.table);
      const seen = first.get(path[0]!);
      if (!seen) first.set(path[0]!, { field: path[1]!, table });
      else if (seen.table !== table) seen.table = false;
    }
    for (const [key, f] of first) {
      if (f.table === false || joinsNotNullableMap[f.table]) continue;
      const object = `o[${JSON.stringify(key)}]`;
      nulls.push(`if (${object}[${JSON.stringify(f.field)}] === null) ${object} = null;`);
    }
  }

  const mapRow = new Function(
    'TimestampFromText',
    'decoders',
    `return function mapRow(row) { const o = ${literal(root)}; ${nulls.join(' ')} return o; };`,
  )(TimestampFromText, decoders) as (row: unknown[]) => Record<string, unknown>;
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
