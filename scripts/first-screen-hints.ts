import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

import { locales, sourceLocale } from '../contract/i18n/locales.ts';
import type { FirstScreen } from '../web/app/first-screens.ts';

type Screens = Record<string, FirstScreen>;

/**
 * Writes `<script type="application/json" id="first-screen">` into index.html, just before public/boot.js: per path, the chunks
 * its page needs beyond the shell (the page's modules' chunks and everything they import statically) and the
 * API URLs it reads first. boot.js preloads and fetches them (decision
 * 029). Under `locales`, per language but English, the chunks of its catalogue and of the ICU formatter, which
 * boot.js preloads for the language this device chose (issue 41). A data block is not executed, so the CSP's
 * script rules do not apply to it.
 */
export function firstScreenHints(
  screens: Screens,
  root: string,
  /** Languages the build offers beyond `locales` (the pseudo build's): tag → its catalogue file, from `root`. */
  extraCatalogues: Record<string, string> = {},
): Plugin {
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
        const hints = {
          ...hintsFor(screens, ctx.bundle, root),
          locales: localeHints(ctx.bundle, root, extraCatalogues),
        };
        const json = JSON.stringify(hints).replaceAll('<', '\\u003c');
        return html.replace(
          boot,
          `<script type="application/json" id="first-screen">${json}</script>\n    ${boot}`,
        );
      },
    },
  };
}

/** The bundle's chunks, a walk over their static imports, and the shell's own (the entry's) chunks. */
function chunkGraph(bundle: Rollup.OutputBundle, root: string) {
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
  /** The chunks `modules` need beyond the shell, as URLs. */
  const beyondShell = (modules: string[], purpose: string) => {
    const start = modules.map((m) => {
      const id = path.resolve(root, m);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`first-screen hints: no chunk holds ${m} (listed for ${purpose})`);
      return chunk;
    });
    return [...withImports(start)]
      .filter((f) => !shell.has(f))
      .sort()
      .map((f) => `/${f}`);
  };
  return { shell, beyondShell };
}

/** The files of every chunk a busiest page's first screen runs: the shell's and each page's own. */
export function firstScreenChunks(screens: Screens, bundle: Rollup.OutputBundle, root: string): string[] {
  const { shell, beyondShell } = chunkGraph(bundle, root);
  const files = new Set(shell);
  for (const [route, screen] of Object.entries(screens)) {
    for (const url of beyondShell(screen.modules ?? [], route)) files.add(url.slice(1));
  }
  return [...files].sort();
}

export function hintsFor(screens: Screens, bundle: Rollup.OutputBundle, root: string) {
  const { beyondShell } = chunkGraph(bundle, root);
  const hints: Record<string, { js: string[]; data: string[]; intl?: true }> = {};
  for (const [route, screen] of Object.entries(screens)) {
    const js = beyondShell(screen.modules ?? [], route);
    hints[route] = { js, data: screen.data, ...(screen.intl ? { intl: true } : {}) };
  }
  return hints;
}

/** Per language but English: the chunks its catalogue and the formatter's loader add to the shell (web/lib/locale.ts). */
export function localeHints(
  bundle: Rollup.OutputBundle,
  root: string,
  extraCatalogues: Record<string, string> = {},
): Record<string, string[]> {
  const { beyondShell } = chunkGraph(bundle, root);
  const catalogues = Object.fromEntries(
    locales.filter((l) => l !== sourceLocale).map((l) => [l, `contract/i18n/catalogues/${l}.json`]),
  );
  return Object.fromEntries(
    Object.entries({ ...catalogues, ...extraCatalogues }).map(([l, file]) => [
      l,
      beyondShell([file, 'web/lib/catalogue-loader.ts'], l),
    ]),
  );
}
