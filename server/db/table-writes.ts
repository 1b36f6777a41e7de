/**
 * Which tables a source file writes (issue 40: each table has one owning module, server/db/owners.ts). Read
 * from the text, as a reviewer would: Drizzle's `.insert(t)`, `.update(t)` and `.delete(t)` on a table imported
 * from the schema (under its own name or an alias), and SQL written by hand, `insert into`, `update` and
 * `delete from` naming a table or interpolating one (`${t}`).
 */
export function tableWrites(source: string, tableNames: ReadonlyMap<string, string>): Set<string> {
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
  const sqlNames = new Set(tableNames.values());
  const written = new Set<string>();
  for (const [, name] of source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = name && local.get(name);
    if (table) written.add(table);
  }
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
