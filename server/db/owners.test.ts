import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tableOwners, writesStillToMove } from './owners.ts';
import * as schema from './schema/index.ts';
import { tableWrites } from './table-writes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tableNames = new Map(
  Object.entries(schema).flatMap(([name, value]) => (isTable(value) ? [[name, getTableName(value)]] : [])),
);

/** Every write outside tests, as `table → ['module:file']`; server/plugins counts as the module `plugins`. */
function writesByTable() {
  const found = new Map<string, string[]>();
  for (const file of globSync('server/{modules,plugins}/**/*.ts', { cwd: root })) {
    if (/\.test\.ts$/.test(file)) continue;
    const parts = file.split('/');
    const owner = parts[1] === 'plugins' ? 'plugins' : parts[2]!;
    const inModule = parts.slice(parts[1] === 'plugins' ? 2 : 3).join('/');
    for (const table of tableWrites(readFileSync(path.join(root, file), 'utf8'), tableNames))
      found.set(table, [...(found.get(table) ?? []), `${owner}:${inModule}`]);
  }
  return found;
}

describe('table owners (issue 40)', () => {
  it('names an owner for every table of the schema, and no table that is not in it', () => {
    expect(Object.keys(tableOwners).sort()).toEqual([...new Set(tableNames.values())].sort());
  });

  it('only the owning module writes a table (the writes still to move excepted, by file)', () => {
    const strays: string[] = [];
    for (const [table, writers] of writesByTable()) {
      const owner = tableOwners[table as keyof typeof tableOwners];
      const allowed = writesStillToMove[table] ?? [];
      for (const w of writers)
        if (!w.startsWith(`${owner}:`) && !allowed.includes(w)) strays.push(`${table} ← ${w}`);
    }
    expect(strays).toEqual([]);
  });

  it('lists no write still to move that has moved', () => {
    const writes = writesByTable();
    const gone = Object.entries(writesStillToMove).flatMap(([table, writers]) =>
      writers.filter((w) => !(writes.get(table) ?? []).includes(w)).map((w) => `${table} ← ${w}`),
    );
    expect(gone).toEqual([]);
  });

  it('finds the writes a module could make, under any name', () => {
    const source = `import { profiles as people, sessions } from '../../db/schema/index.ts';
      await tx.update(people).set({ banned: true });
      await db.delete(sessions);
      await rows(tx, sql\`insert into \${people} (id) values (1)\`);
      await rows(tx, sql\`update ledger_entries set amount = 0\`);
      await tx.select().from(sessions);`;
    expect([...tableWrites(source, tableNames)].sort()).toEqual(['ledger_entries', 'profiles', 'sessions']);
  });
});
