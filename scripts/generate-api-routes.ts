import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeTables } from '../contract/routes/index.ts';
import type { RouteEntry } from '../contract/routes/route.ts';

/**
 * Writes web/lib/api-routes.gen.ts: for each group of the route table (contract/routes/index.ts), its client,
 * built by `endpoints()` (web/lib/api.ts) from a table of `METHOD /path[ body| query]` strings. Only those
 * strings reach the browser; the types come from the table through `import type`. `--check` exits 1 when the
 * file on disk differs (scripts/api-routes.test.ts runs the same comparison).
 *
 *   node scripts/generate-api-routes.ts [--check]
 */
export const generatedFile = path.resolve(import.meta.dirname, '../web/lib/api-routes.gen.ts');

const endpointOf = (e: RouteEntry) => {
  const names = [...e.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const declared = e.params ? Object.keys((e.params as unknown as { shape: object }).shape) : [];
  if ([...names].sort().join() !== [...declared].sort().join())
    throw new Error(
      `${e.method} ${e.path}: the path names ${names.join()} but params declares ${declared.join()}`,
    );
  return `${e.method} ${e.prefix ?? ''}${e.path}${e.body ? ' body' : e.query ? ' query' : ''}`;
};

export function generatedSource(): string {
  const groups = Object.entries(routeTables).map(([group, table]) => {
    const lines = Object.entries(table as Record<string, RouteEntry>).map(
      ([name, entry]) => `  ${name}: '${endpointOf(entry)}',`,
    );
    return `export const ${group} = /* @__PURE__ */ endpoints<RouteTables['${group}']>({\n${lines.join('\n')}\n});\n`;
  });
  return [
    '// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs',
    '// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.',
    "import type { RouteTables } from '../../contract/routes/index.ts';",
    "import { endpoints } from './api.ts';",
    '',
    groups.join('\n'),
  ].join('\n');
}

if (import.meta.main) {
  const source = generatedSource();
  if (process.argv.includes('--check')) {
    if (readFileSync(generatedFile, 'utf8') !== source) {
      console.error('web/lib/api-routes.gen.ts is stale: run node scripts/generate-api-routes.ts');
      process.exit(1);
    }
  } else writeFileSync(generatedFile, source);
}
