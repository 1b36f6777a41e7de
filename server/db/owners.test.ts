import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookkeepingColumns, columnOwners, tableOwners, writesStillToMove } from './owners.ts';
import * as schema from './schema/index.ts';
import { columnWrites, ROW, tableWrites } from './table-writes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tables = Object.entries(schema).flatMap(([name, value]) =>
  isTable(value) ? [[name, value] as [string, Table]] : [],
);
const tableNames = new Map(tables.map(([name, table]) => [name, getTableName(table)]));

/** Every source file outside tests, as its module (server/plugins counts as `plugins`), its path in it and text. */
const sources = globSync('server/{modules,plugins}/**/*.ts', { cwd: root })
  .filter((file) => !/\.test\.ts$/.test(file))
  .map((file) => {
    const parts = file.split('/');
    const plugin = parts[1] === 'plugins';
    return {
      module: plugin ? 'plugins' : parts[2]!,
      inModule: parts.slice(plugin ? 2 : 3).join('/'),
      text: readFileSync(path.join(root, file), 'utf8'),
    };
  });

/** Every write outside tests, as `table → ['module:file']`. */
function writesByTable() {
  const found = new Map<string, string[]>();
  for (const { module, inModule, text } of sources)
    for (const table of tableWrites(text, tableNames))
      found.set(table, [...(found.get(table) ?? []), `${module}:${inModule}`]);
  return found;
}

/** A table's columns by SQL name, and Drizzle's keys to SQL names. */
function columnsOf(table: string) {
  const found = tables.find(([, t]) => getTableName(t) === table);
  const columns = Object.entries(getTableColumns(found![1]));
  return {
    names: new Set(columns.map(([, c]) => c.name)),
    byKey: new Map(columns.map(([key, c]) => [key, c.name])),
  };
}

/** Which module owns a column (or the row: ROW) of a table split by column group. */
function columnOwner(table: string, column: string) {
  if (column === ROW) return tableOwners[table as keyof typeof tableOwners];
  const group = Object.entries(columnOwners[table] ?? {}).find(([, columns]) => columns.includes(column));
  return group?.[0] ?? tableOwners[table as keyof typeof tableOwners];
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
      // A module owning a column group may write the table: the next test checks which columns.
      const groups = Object.keys(columnOwners[table] ?? {});
      for (const w of writers)
        if (!w.startsWith(`${owner}:`) && !allowed.includes(w) && !groups.includes(w.split(':')[0]!))
          strays.push(`${table} ← ${w}`);
    }
    expect(strays).toEqual([]);
  });

  it('a table split by column group: each write names its columns, and each column is written by its owner', () => {
    const strays: string[] = [];
    for (const table of Object.keys(columnOwners)) {
      const { byKey } = columnsOf(table);
      for (const { module, inModule, text } of sources)
        for (const written of columnWrites(text, tableNames, table)) {
          const column = byKey.get(written) ?? written;
          if (bookkeepingColumns.includes(column)) continue;
          const owner = columnOwner(table, column);
          const allowed = (writesStillToMove[table] ?? []).includes(`${module}:${inModule}`);
          if (module !== owner && !allowed) strays.push(`${table}.${column} ← ${module}:${inModule}`);
        }
    }
    expect(strays).toEqual([]);
  });

  it('gives each column of a split table at most one owner, and names only its columns', () => {
    for (const [table, groups] of Object.entries(columnOwners)) {
      const { names } = columnsOf(table);
      const listed = Object.values(groups).flat();
      expect(listed.filter((c) => !names.has(c))).toEqual([]);
      expect(listed.length).toBe(new Set(listed).size);
      expect(Object.keys(groups)).not.toContain(tableOwners[table as keyof typeof tableOwners]);
    }
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

  it("counts the shared writers' writes (db/sql.ts) as their callers'", () => {
    const source = `import { forumReplies as replies, forumThreads, notifications } from '../../db/schema/index.ts';
      await insertRow(tx, notifications, { userId, type: 'mention' });
      await deleteCounted(tx, id, { text: replies.content, parent: replies.threadId, counter: forumThreads.replyCount });`;
    expect([...tableWrites(source, tableNames)].sort()).toEqual([
      'forum_replies',
      'forum_threads',
      'notifications',
    ]);
    expect([...columnWrites(source, tableNames, 'forum_threads')]).toEqual(['replyCount']);
    expect([...columnWrites(source, tableNames, 'forum_replies')]).toEqual(['(row)']);
    expect([...columnWrites(source, tableNames, 'notifications')]).toEqual(['(row)']);
  });

  it('reads the columns a write changes, however it is written', () => {
    const source = `import { profiles as people, sessions } from '../../db/schema/index.ts';
      await tx.update(people).set({ banned: true, role, 'bio': null }).where(eq(people.id, id));
      await tx.update(people).set(kind === 'credits' ? { credits: one } : { balance: one });
      await tx.update(people).set({ credits: sql\`\${people.credits} + 1\`, earnedCredits: e ? sql\`x\` : undefined });
      await tx.update(people).set({
        // a member's note, with an apostrophe
        avatarUrl: url,
      });
      await tx.update(people).set({ ...patch, username });
      await tx.update(people).set(patch);
      await tx.update(sessions).set({ expiresAt: now });
      await rows(tx, sql\`update \${people} p set vouches = p.vouches + 1, rating_total = (select 1 from x where y),
        updated_at = now() from other o where p.id = o.id\`);
      await rows(tx, sql\`update profiles set trust_level = 'new' where id = \${id}\`);
      await rows(tx, sql\`insert into profiles (id) values (\${id})\`);`;
    expect([...columnWrites(source, tableNames, 'profiles')].sort()).toEqual(
      [
        '(row)',
        '(unnamed)',
        'avatarUrl',
        'balance',
        'banned',
        'bio',
        'credits',
        'earnedCredits',
        'rating_total',
        'role',
        'trust_level',
        'updated_at',
        'username',
        'vouches',
      ].sort(),
    );
    expect([...columnWrites('await db.delete(profiles);', tableNames, 'profiles')]).toEqual([]);
  });
});
