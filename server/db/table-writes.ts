/**
 * Which tables a source file writes (issue 40: each table has one owning module, server/db/owners.ts). Read
 * from the text, as a reviewer would: Drizzle's `.insert(t)`, `.update(t)` and `.delete(t)` on a table imported
 * from the schema (under its own name or an alias), and SQL written by hand, `insert into`, `update` and
 * `delete from` naming a table or interpolating one (`${t}`).
 */
export function tableWrites(source: string, tableNames: ReadonlyMap<string, string>): Set<string> {
  const local = localTables(source, tableNames);
  const sqlNames = new Set(tableNames.values());
  const written = new Set<string>();
  for (const [, name] of source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = name && local.get(name);
    if (table) written.add(table);
  }
  for (const { table } of sharedWriterCalls(source, local)) written.add(table);
  for (const [, name] of source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)) {
    const table = name && local.get(name);
    if (table) written.add(table);
  }
  for (const [, name] of source.matchAll(
    /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_][a-z0-9_]*)\b/gi,
  )) {
    if (name && sqlNames.has(name)) written.add(name);
  }
  return written;
}

/**
 * The writes of the shared writers in db/sql.ts, at their callers: the caller names the tables, so the write is
 * the caller's module's. `insertRow(db, table, values)` inserts a row; `deleteCounted(tx, id, { text: t.col,
 * parent: t.col, counter: u.col })` deletes a row of `t` and changes the column `counter` of `u`.
 */
function sharedWriterCalls(source: string, local: ReadonlyMap<string, string>) {
  const writes: { table: string; column: string }[] = [];
  for (const [, name] of source.matchAll(/\binsertRow\(\s*\w+\s*,\s*(\w+)\s*,/g)) {
    const table = name && local.get(name);
    if (table) writes.push({ table, column: ROW });
  }
  for (const [, args] of source.matchAll(/\bdeleteCounted\(\s*\w+\s*,\s*\w+\s*,\s*\{([^}]*)\}/g)) {
    const row = /\btext:\s*(\w+)\./.exec(args ?? '');
    const counter = /\bcounter:\s*(\w+)\.(\w+)/.exec(args ?? '');
    const rowTable = row && local.get(row[1]!);
    const counterTable = counter && local.get(counter[1]!);
    if (rowTable) writes.push({ table: rowTable, column: ROW });
    if (counterTable) writes.push({ table: counterTable, column: counter[2]! });
  }
  return writes;
}

/** The schema's tables as a file names them: imported under their own name or an alias. */
function localTables(source: string, tableNames: ReadonlyMap<string, string>) {
  const local = new Map<string, string>();
  for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[^']*db\/schema[^']*'/g))
    for (const part of (names ?? '').split(',')) {
      const [exported, alias] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      const table = exported && tableNames.get(exported);
      if (table) local.set((alias ?? exported).trim(), table);
    }
  return local;
}

/** What columnWrites answers for an insert or a delete: the row itself, not a column. */
export const ROW = '(row)';
/** What columnWrites answers for a change whose columns the text does not name (a spread, a variable). */
const UNNAMED = '(unnamed)';

/**
 * What the file's writes do to one table (decision 056: a table whose column groups have different owners):
 * `(row)` for an insert or a delete, and the columns each update sets, as written (Drizzle's keys, or SQL
 * names in SQL written by hand); `(unnamed)` for a change the text does not spell out (`.set(patch)`,
 * `...fields`, a computed key), which the guard refuses, so every write names the columns it changes.
 */
export function columnWrites(source: string, tableNames: ReadonlyMap<string, string>, table: string) {
  const local = localTables(source, tableNames);
  const named = (interpolated: string | undefined, plain: string | undefined) =>
    interpolated ? local.get(interpolated) === table : plain === table;
  const found = new Set<string>();
  for (const write of sharedWriterCalls(source, local)) if (write.table === table) found.add(write.column);
  for (const m of source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    if (local.get(m[2] ?? '') !== table) continue;
    if (m[1] !== 'update') {
      found.add(ROW);
      continue;
    }
    const after = m.index + m[0].length;
    const set = /^\s*\.set\(/.exec(source.slice(after));
    if (!set) {
      found.add(UNNAMED);
      continue;
    }
    const open = after + set[0].length - 1;
    for (const key of objectKeys(source.slice(open + 1, closing(source, open)))) found.add(key);
  }
  for (const m of source.matchAll(
    /\b(?:insert\s+into|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|([a-z_][a-z0-9_]*)\b)/gi,
  ))
    if (named(m[1], m[2])) found.add(ROW);
  for (const m of source.matchAll(
    /\bupdate\s+(?:\$\{\s*(\w+)\s*\}|([a-z_][a-z0-9_]*)\b)(?:\s+(?:as\s+)?(?!set\b)[a-z_]\w*)?\s+set\s/gi,
  ))
    if (named(m[1], m[2]))
      for (const part of topLevel(source, m.index + m[0].length, /^(?:from|where|returning)\b/i)) {
        const column = /^(?:\w+\.)?(\w+)\s*=/.exec(part);
        found.add(column?.[1] ?? UNNAMED);
      }
  return found;
}

const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Where a quoted string, a template or a `//` comment starting at `i` ends (its last character), else `i`. */
function skipped(text: string, i: number): number {
  const c = text[i];
  if (c === '`') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '`') return j;
      else if (text[j] === '$' && text[j + 1] === '{') j = closing(text, j + 1);
    }
    return text.length;
  }
  const end =
    c === "'" || c === '"'
      ? text.indexOf(c, i + 1)
      : c === '/' && text[i + 1] === '/'
        ? text.indexOf('\n', i)
        : i;
  return end < 0 ? text.length : end;
}

/** The index of the bracket that closes the one at `open`, or the text's end. */
function closing(text: string, open: number) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    i = skipped(text, i);
    const c = text[i];
    if (c === undefined) break;
    if (c in pairs) depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

/**
 * The comma-separated parts of `text` from `start` at its own bracket depth, up to a closing bracket, a word
 * matching `stop` at that depth, or (`stop` given: SQL inside a template) the template's closing backtick;
 * `//` comments left out.
 */
function topLevel(text: string, start: number, stop?: RegExp) {
  const parts: string[] = [];
  let from = start;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`' && stop) break;
    if (c in pairs) i = closing(text, i);
    else if (c === "'" || c === '"' || c === '`' || (c === '/' && text[i + 1] === '/')) i = skipped(text, i);
    else if (c === ')' || c === ']' || c === '}') break;
    else if (c === ',') {
      parts.push(text.slice(from, i));
      from = i + 1;
    } else if (stop && /\W/.test(text[i - 1] ?? ' ') && stop.test(text.slice(i))) break;
  }
  parts.push(text.slice(from, Math.min(i, text.length)));
  return parts.map((p) => p.replace(/\/\/[^\n]*/g, '').trim()).filter((p) => p !== '');
}

/**
 * The keys of the object literals a `.set(…)` argument holds at its own level (both branches of a ternary
 * each give theirs): `key: value` and shorthand `key`; a spread, a computed key, or no literal at all is
 * `(unnamed)`.
 */
function objectKeys(argument: string) {
  const keys: string[] = [];
  for (let i = 0; i < argument.length; i++) {
    i = skipped(argument, i);
    const c = argument[i];
    if (c === '{') {
      const end = closing(argument, i);
      for (const entry of topLevel(argument.slice(i + 1, end), 0)) {
        const key = /^['"]?(\w+)['"]?\s*(?::|$)/.exec(entry);
        keys.push(key?.[1] ?? UNNAMED);
      }
      i = end;
    } else if (c === '(' || c === '[') i = closing(argument, i);
  }
  return keys.length > 0 ? keys : [UNNAMED];
}
