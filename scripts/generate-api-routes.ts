import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeTables } from '../contract/routes/index.ts';
import type { RouteEntry } from '../contract/routes/route.ts';

/**
 * Writes the API client's route tables: for each group of the route table (contract/routes/index.ts), its client
 * `<group>Routes` in web/lib/api-routes/<group>.gen.ts, built by `endpoints()` (web/lib/api.ts) from a table of
 * `METHOD /path[ body| query]` strings. Only those strings reach the browser; the types come from the table
 * through `import type`. A module per group, so each lands in the chunk of the pages that call it: in one module
 * (until 2026-11), every group any page called was in the first screen. `--check` exits 1 when the files on disk
 * differ or one is left over (scripts/api-routes.test.ts runs the same comparison).
 *
 *   node scripts/generate-api-routes.ts [--check]
 */
const root = path.resolve(import.meta.dirname, '..');
const groupsDir = path.join(root, 'web/lib/api-routes');

const HEADER = [
  '// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs',
  '// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.',
];

const endpointOf = (e: RouteEntry) => {
  const names = [...e.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const declared = e.params ? Object.keys((e.params as unknown as { shape: object }).shape) : [];
  if ([...names].sort().join() !== [...declared].sort().join())
    throw new Error(
      `${e.method} ${e.path}: the path names ${names.join()} but params declares ${declared.join()}`,
    );
  return `${e.method} ${e.prefix ?? ''}${e.path}${e.body ? ' body' : e.query ? ' query' : ''}`;
};

const fileOf = (group: string) => `${group.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.gen.ts`;

/** Every generated file, by its path, with its content. */
export function generatedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [group, table] of Object.entries(routeTables)) {
    const lines = Object.entries(table as Record<string, RouteEntry>).map(
      ([name, entry]) => `  ${name}: '${endpointOf(entry)}',`,
    );
    files.set(
      path.join(groupsDir, fileOf(group)),
      [
        ...HEADER,
        "import type { RouteTables } from '../../../contract/routes/index.ts';",
        "import { endpoints } from '../api.ts';",
        '',
        `export const ${group}Routes = /* @__PURE__ */ endpoints<RouteTables['${group}']>({\n${lines.join('\n')}\n});\n`,
      ].join('\n'),
    );
  }
  return files;
}

/** The generated files that differ from the disk, and the stale ones the disk still has. */
export function staleFiles(): string[] {
  const files = generatedFiles();
  const differ = [...files].filter(
    ([file, source]) => !existsSync(file) || readFileSync(file, 'utf8') !== source,
  );
  const leftover = existsSync(groupsDir)
    ? readdirSync(groupsDir)
        .map((name) => path.join(groupsDir, name))
        .filter((file) => !files.has(file))
    : [];
  return [...differ.map(([file]) => file), ...leftover].map((file) => path.relative(root, file));
}

if (import.meta.main) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    if (stale.length > 0) {
      console.error(`stale: ${stale.join(', ')}: run node scripts/generate-api-routes.ts`);
      process.exit(1);
    }
  } else {
    rmSync(groupsDir, { recursive: true, force: true });
    mkdirSync(groupsDir, { recursive: true });
    for (const [file, source] of generatedFiles()) writeFileSync(file, source);
  }
}
