import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

/**
 * No two modules depend on each other, and no files import each other in a ring (issue 40 item 2, decision
 * 058). The graph is every relative import of the server's code (tests and server/test/ left out: a test is
 * imported by nothing, so it closes no ring, and it sets up its world through whichever modules it needs,
 * a dependency of the test and not of the module it tests).
 *
 * - Between modules (server/modules/<name>), type-only imports count: a module that names another's type
 *   breaks when that type changes, so it depends on it as much as on a function (hooks named stock's cipher
 *   type, and stock called hooks). The folders modules stand on (db, plugins, security, policy) are not
 *   modules: they are below every module, and are left out of this rule.
 * - Between files, only imports that run count: `import type` is erased when Node strips the types, and an
 *   `import()` runs after both files have loaded, so neither orders an evaluation; a ring of value imports
 *   does, and a file then reads another's export before it is set.
 */

/**
 * Known cases still to cut: none since decision 056 cut forum ↔ review, review ↔ social and the wallet's
 * doors.ts ↔ service.ts ring. These lists may only shrink: a case not in them fails, and so does a case in them
 * that is gone.
 */
const stillTwoWay: string[] = [];
const stillInRings: string[] = [];

const root = path.resolve(import.meta.dirname, '..');

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}

/** The relative imports and re-exports of one file, static and dynamic, as paths from the repository root. */
function importsOf(file: string, source: string): Import[] {
  const found: Import[] = [];
  const add = (specifier: string | undefined, typeOnly: boolean, dynamic: boolean) => {
    if (!specifier?.startsWith('.')) return;
    const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    found.push({ from: file, to, typeOnly, dynamic });
  };
  const { program, module } = parseSync(file, source, { lang: 'ts', sourceType: 'module' });
  // Imports and re-exports stand at the top level; `import type` / `export type` name the whole clause.
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') add(node.source.value, node.importKind === 'type', false);
    else if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration')
      add(node.source?.value, node.exportKind === 'type', false);
  }
  // `import('./x.ts')` anywhere: its argument, when it is a plain string.
  for (const { moduleRequest } of module.dynamicImports) {
    const literal = /^(['"])(.*)\1$/.exec(source.slice(moduleRequest.start, moduleRequest.end));
    add(literal?.[2], false, true);
  }
  return found;
}

const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];

/** Pairs of modules that import each other, as 'a ↔ b' (a before b), sorted. */
function twoWayModules(imports: Import[]) {
  const edges = new Set<string>();
  for (const i of imports) {
    const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
    if (a && b && a !== b) edges.add(`${a} → ${b}`);
  }
  return [...edges]
    .map((e) => e.split(' → ') as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b} → ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
    .sort();
}

/** Rings of files through imports that run, each as its files sorted and joined by ' ↔ ' (Tarjan's SCCs). */
function importRings(imports: Import[]) {
  const next = new Map<string, string[]>();
  for (const i of imports)
    if (!i.typeOnly && !i.dynamic) next.set(i.from, [...(next.get(i.from) ?? []), i.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: string[] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const ring: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      ring.push(member);
    } while (member !== file);
    if (ring.length > 1 || next.get(file)?.includes(file)) rings.push(ring.sort().join(' ↔ '));
  };
  for (const file of next.keys()) if (!index.has(file)) connect(file);
  return rings.sort();
}

function serverImports() {
  return globSync('server/**/*.ts', { cwd: root })
    .filter((file) => !file.endsWith('.test.ts') && !file.startsWith('server/test/'))
    .flatMap((file) => importsOf(file, readFileSync(path.join(root, file), 'utf8')))
    .filter((i) => i.to.startsWith('server/'));
}

describe('the module graph (issue 40)', () => {
  const imports = serverImports();

  it("reads the server's own imports (an empty graph would pass the rest)", () => {
    expect(imports).toContainEqual({
      from: 'server/main.ts',
      to: 'server/app.ts',
      typeOnly: false,
      dynamic: false,
    });
    expect(imports.length).toBeGreaterThan(500);
  });

  it('has no two modules that import each other (the known cases excepted)', () => {
    expect(twoWayModules(imports)).toEqual(stillTwoWay);
  });

  it('has no ring of files importing each other (the known cases excepted)', () => {
    expect(importRings(imports)).toEqual(stillInRings);
  });

  it('sees every kind of import, and counts each where it belongs', () => {
    const sources: Record<string, string> = {
      'server/modules/a/service.ts': `import { b } from '../b/service.ts';
        export { helper } from './helper.ts';`,
      'server/modules/a/helper.ts': `import type { A } from './service.ts';
        export const helper = (a: A) => a;`,
      'server/modules/b/service.ts': `import type { C } from '../c/types.ts';
        const later = () => import('./lazy.ts');
        export const b = 1;`,
      'server/modules/b/lazy.ts': `import { b } from './service.ts';`,
      'server/modules/c/types.ts': `import {
          b,
        } from '../b/service.ts';
        const text = "import { a } from '../a/service.ts'";`,
      'server/modules/d/one.ts': `import { two } from '../e/two.ts';`,
      'server/modules/e/two.ts': `import { one } from '../d/one.ts';`,
    };
    const all = Object.entries(sources).flatMap(([file, source]) => importsOf(file, source));
    // b → c is type-only and c → b a value: both directions count between modules; a string is no import.
    expect(twoWayModules(all)).toEqual(['b ↔ c', 'd ↔ e']);
    // a ↔ helper is type-only one way, b ↔ lazy dynamic one way: neither is a ring of files.
    expect(importRings(all)).toEqual(['server/modules/d/one.ts ↔ server/modules/e/two.ts']);
  });
});
