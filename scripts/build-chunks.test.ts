import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';
import { hintsFor } from './first-screen-hints.ts';
import { sharedChunks } from './shared-chunk.ts';

const ICONS = '/r/node_modules/lucide-react/dist/esm/lucide-react.mjs';
const icon = (name: string) => `/r/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;

/** A module graph as Rollup's manualChunks sees it: id → static imports (and code, for icon imports). */
function graph(modules: Record<string, { imports?: string[]; code?: string }>): Rollup.ManualChunkMeta {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      modules[id] ? { importedIds: modules[id].imports ?? [], code: modules[id].code ?? '' } : null,
  } as unknown as Rollup.ManualChunkMeta;
}

const app = graph({
  '/r/web/main.tsx': { imports: ['/r/web/app/layout.tsx', '/r/node_modules/react/index.js'] },
  '/r/web/app/layout.tsx': {
    imports: ['/r/web/components/ui/button.tsx', ICONS],
    code: 'import { Bell, Menu as M } from "lucide-react";',
  },
  '/r/web/components/ui/button.tsx': { imports: ['/r/node_modules/react/index.js'] },
  '/r/node_modules/react/index.js': {},
  [ICONS]: {
    imports: [icon('bell'), icon('menu'), icon('heart'), '/r/node_modules/lucide-react/dist/esm/Icon.mjs'],
    code: [
      "export { default as Bell, default as BellIcon } from './icons/bell.mjs';",
      "export { default as Menu } from './icons/menu.mjs';",
      "export { default as Heart } from './icons/heart.mjs';",
    ].join('\n'),
  },
  [icon('bell')]: {},
  [icon('menu')]: {},
  [icon('heart')]: {},
  '/r/node_modules/lucide-react/dist/esm/Icon.mjs': {},
  // A page's small pieces: a card (icon, shell button), a hook, and a form that needs zod.
  '/r/web/components/ui/card.tsx': {
    imports: ['/r/web/components/ui/button.tsx', ICONS, '/r/web/lib/hook.ts'],
  },
  '/r/web/lib/hook.ts': { imports: ['/r/node_modules/react/index.js'] },
  '/r/web/components/ui/form.tsx': { imports: ['/r/node_modules/zod/index.js'] },
  '/r/node_modules/zod/index.js': {},
  '/r/web/features/market/page.tsx': { imports: ['/r/web/components/ui/card.tsx'] },
});

describe('sharedChunks (manualChunks)', () => {
  it("names the first screen's modules shell, all but the entry module itself", () => {
    const chunk = sharedChunks();
    expect(chunk('/r/web/main.tsx', app)).toBeUndefined();
    expect(chunk('/r/web/app/layout.tsx', app)).toBe('shell');
    expect(chunk('/r/node_modules/react/index.js', app)).toBe('shell');
    expect(chunk('/r/web/components/ui/button.tsx', app)).toBe('shell');
  });

  it('counts an icon import as the icons it names, so the icon index never drags every icon in', () => {
    const chunk = sharedChunks();
    expect(chunk(icon('bell'), app)).toBe('shell');
    expect(chunk(icon('menu'), app)).toBe('shell');
    expect(chunk('/r/node_modules/lucide-react/dist/esm/Icon.mjs', app)).toBe('shell');
    expect(chunk(ICONS, app)).toBeUndefined();
    expect(chunk(icon('heart'), app)).toBe('shared');
  });

  it("puts the pages' small shared pieces in one chunk, but never one that needs zod or a feature", () => {
    const chunk = sharedChunks();
    expect(chunk('/r/web/components/ui/card.tsx', app)).toBe('shared');
    expect(chunk('/r/web/lib/hook.ts', app)).toBe('shared');
    expect(chunk('/r/web/components/ui/form.tsx', app)).toBeUndefined();
    expect(chunk('/r/node_modules/zod/index.js', app)).toBeUndefined();
    expect(chunk('/r/web/features/market/page.tsx', app)).toBeUndefined();
  });
});

describe('sharedChunks with the busiest pages named', () => {
  const pages = graph({
    '/r/web/main.tsx': { imports: ['/r/web/app/layout.tsx'] },
    '/r/web/app/layout.tsx': {},
    '/r/web/features/home/page.tsx': {
      imports: ['/r/web/components/ui/card.tsx', '/r/contract/texts/home.ts'],
    },
    '/r/web/features/market/page.tsx': {
      imports: ['/r/web/components/ui/card.tsx', '/r/contract/messages/market.ts'],
    },
    '/r/web/features/market/api.ts': { imports: ['/r/web/lib/filters.ts'] },
    '/r/web/components/ui/card.tsx': { imports: ['/r/web/lib/format.ts'] },
    '/r/web/lib/format.ts': {},
    '/r/web/lib/filters.ts': {},
    '/r/contract/texts/home.ts': {},
    '/r/contract/messages/market.ts': {},
    '/r/web/features/admin/page.tsx': {
      imports: [
        '/r/web/components/ui/card.tsx',
        '/r/web/components/ui/table.tsx',
        '/r/contract/texts/admin.ts',
      ],
    },
    '/r/web/components/ui/table.tsx': {},
    '/r/contract/texts/admin.ts': {},
  });
  const busiest = [
    ['web/features/home/page.tsx'],
    ['web/features/market/page.tsx', 'web/features/market/api.ts'],
  ];

  it('what two busiest pages import goes in `shared`, what one imports in its own chunk, the rest in `shared-rest`', () => {
    const chunk = sharedChunks(busiest);
    expect(chunk('/r/web/components/ui/card.tsx', pages)).toBe('shared');
    expect(chunk('/r/web/lib/format.ts', pages)).toBe('shared');
    // The home page never fetches the market's words, nor the market the home page's.
    expect(chunk('/r/contract/texts/home.ts', pages)).toBe('shared-1');
    expect(chunk('/r/contract/messages/market.ts', pages)).toBe('shared-2');
    // A page's other listed modules count as the page.
    expect(chunk('/r/web/lib/filters.ts', pages)).toBe('shared-2');
    expect(chunk('/r/web/components/ui/table.tsx', pages)).toBe('shared-rest');
    expect(chunk('/r/contract/texts/admin.ts', pages)).toBe('shared-rest');
    expect(chunk('/r/web/features/admin/page.tsx', pages)).toBeUndefined();
  });
});

function chunk(fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) {
  return { type: 'chunk', fileName, moduleIds, imports, isEntry } as unknown as Rollup.OutputChunk;
}

describe('hintsFor (index.html first-screen hints)', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', ['/r/web/main.tsx'], ['assets/shell.js'], true),
      chunk('assets/shell.js', ['/r/web/app/layout.tsx']),
      chunk('assets/market.js', ['/r/web/features/market/page.tsx'], ['assets/shared.js', 'assets/shell.js']),
      chunk('assets/shared.js', ['/r/web/components/ui/card.tsx'], ['assets/shell.js']),
      chunk('assets/api.js', ['/r/web/features/market/api.ts'], ['assets/shell.js']),
    ].map((c) => [c.fileName, c]),
  ) as Rollup.OutputBundle;

  it("lists each path's chunks and what they import, less the shell's, its first reads and its locale use", () => {
    const hints = hintsFor(
      {
        '*': { data: ['/api/auth/get-session'] },
        '/market': {
          modules: ['web/features/market/page.tsx', 'web/features/market/api.ts'],
          data: ['/api/v1/x'],
          intl: true,
        },
      },
      bundle,
      '/r',
    );
    expect(hints).toEqual({
      '*': { js: [], data: ['/api/auth/get-session'] },
      '/market': {
        js: ['/assets/api.js', '/assets/market.js', '/assets/shared.js'],
        data: ['/api/v1/x'],
        intl: true,
      },
    });
  });

  it('fails the build when a listed module is in no chunk (renamed or moved)', () => {
    expect(() => hintsFor({ '/x': { modules: ['web/gone.tsx'], data: [] } }, bundle, '/r')).toThrow(
      'first-screen hints: no chunk holds web/gone.tsx (listed for /x)',
    );
  });
});

describe('compileHints (V8 compiles the first screen eagerly)', () => {
  it("puts the hint on the first line of the shell's and the busiest pages' chunks only, and moves their maps down a line", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
    try {
      const bundle = Object.fromEntries(
        [
          chunk('assets/index.js', ['/r/web/main.tsx'], ['assets/shell.js'], true),
          chunk('assets/shell.js', ['/r/web/app/layout.tsx']),
          chunk('assets/market.js', ['/r/web/features/market/page.tsx'], ['assets/shell.js']),
          chunk('assets/admin.js', ['/r/web/features/admin/page.tsx'], ['assets/shell.js']),
        ].map((c) => [c.fileName, c]),
      ) as Rollup.OutputBundle;
      mkdirSync(path.join(dir, 'assets'));
      for (const file of Object.keys(bundle)) {
        // What Vite writes above a chunk's code after every plugin's generateBundle.
        writeFileSync(path.join(dir, file), `const __vite__mapDeps=0;\nexport const x = '${file}';\n`);
      }
      writeFileSync(
        path.join(dir, 'assets/shell.js.map'),
        JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }),
      );
      const plugin = compileHints(
        { '/market': { modules: ['web/features/market/page.tsx'], data: [] } },
        '/r',
      );
      const write = plugin.writeBundle as (options: { dir: string }, bundle: Rollup.OutputBundle) => void;
      write({ dir }, bundle);
      const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
      for (const file of ['assets/index.js', 'assets/shell.js', 'assets/market.js']) {
        expect(read(file)).toBe(`${COMPILE_HINT}const __vite__mapDeps=0;\nexport const x = '${file}';\n`);
      }
      expect(read('assets/admin.js')).not.toContain('allFunctionsCalledOnLoad');
      expect(JSON.parse(read('assets/shell.js.map')).mappings).toBe(';AAAA;AACA');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
