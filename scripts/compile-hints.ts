import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { FirstScreen } from '../web/app/first-screens.ts';
import { firstScreenChunks } from './first-screen-hints.ts';

/** V8's explicit compile hint (Chromium 136 and later): compile every function of this file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the first screen's chunks (the shell's and the busiest pages') with V8's explicit compile hint (decision
 * 073). A browser compiles a function the first time it is called unless told otherwise, on the main thread: the
 * takeover of a drawn page is the first call of almost all of them, and paid for their compilation inside its one
 * long task. Marked, the chunk's functions are compiled with the chunk itself, which a streamed module script
 * does away from the main thread while it downloads. Lazy chunks of other pages are left as they are: their code
 * runs after a click, one page at a time.
 */
export function compileHints(screens: Record<string, FirstScreen>, root: string): Plugin {
  return {
    name: 'cheatmarket:compile-hints',
    apply: 'build',
    // Once written: Vite's preload helper writes `__vite__mapDeps` above a chunk's code after every plugin's
    // `generateBundle`, and the hint must be the file's first line. Before precompress.ts, which compresses them.
    writeBundle(options, bundle) {
      const dir = options.dir ?? '.';
      for (const file of firstScreenChunks(screens, bundle, root)) {
        const target = path.join(dir, file);
        writeFileSync(target, COMPILE_HINT + readFileSync(target, 'utf8'));
        // One line more at the top: the source map's lines move down by one (an empty first line).
        const map = `${target}.map`;
        if (existsSync(map)) {
          const parsed = JSON.parse(readFileSync(map, 'utf8')) as { mappings: string };
          parsed.mappings = `;${parsed.mappings}`;
          writeFileSync(map, JSON.stringify(parsed));
        }
      }
    },
  };
}
