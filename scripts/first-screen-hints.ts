import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

import type { FirstScreen } from '../web/app/first-screens.ts';

type Screens = Record<string, FirstScreen>;

/**
 * Writes `<script type="application/json" id="first-screen">` into index.html, just before public/boot.js: per path, the chunks
 * its page needs beyond the shell (the page's modules' chunks and everything they import statically) and the
 * API URLs it reads first. boot.js preloads and fetches them (decision
 * 029). A data block is not executed, so the CSP's script rules do not apply to it.
 */
export function firstScreenHints(screens: Screens, root: string): Plugin {
  return {
    name: 'cheatmarket:first-screen-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const boot = '<script src="/boot.js"></script>';
        if (!html.includes(boot)) throw new Error(`first-screen hints: index.html has no ${boot}`);
        // `<` escaped: the text of a script element must never contain `</script`.
        const json = JSON.stringify(hintsFor(screens, ctx.bundle, root)).replaceAll('<', '\\u003c');
        return html.replace(
          boot,
          `<script type="application/json" id="first-screen">${json}</script>\n    ${boot}`,
        );
      },
    },
  };
}

export function hintsFor(screens: Screens, bundle: Rollup.OutputBundle, root: string) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const withImports = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<string>();
    const stack = start.map((c) => c.fileName);
    while (stack.length) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const shell = withImports(chunks.filter((c) => c.isEntry));
  const hints: Record<string, { js: string[]; data: string[]; intl?: true }> = {};
  for (const [route, screen] of Object.entries(screens)) {
    const start = (screen.modules ?? []).map((m) => {
      const id = path.resolve(root, m);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`first-screen hints: no chunk holds ${m} (listed for ${route})`);
      return chunk;
    });
    const js = [...withImports(start)].filter((f) => !shell.has(f)).sort();
    hints[route] = { js: js.map((f) => `/${f}`), data: screen.data, ...(screen.intl ? { intl: true } : {}) };
  }
  return hints;
}
