import path from 'node:path';
import type { Rollup } from 'vite';

/**
 * Rollup gives every set of pages that shares a module a chunk of its own: the build had 163 chunks, 103 of
 * them under 3 KB (one icon, one small component), and a page fetched 25–35 of them. On a phone's connection
 * each fetch costs a round trip, six at a time, so the requests cost more than the bytes. This puts the small
 * shared pieces of the pages (our components, hooks and zod-free contract texts, and the icons) into one
 * `shared` chunk that every page fetches once.
 *
 * A module joins only if it is not in the first screen and everything it imports statically is in the first
 * screen or joins too: the shared chunk never drags zod, Radix or a feature's code into a page that does not
 * use them. The first screen's own modules are named `shell` (all but the entry module itself): Rollup pulls
 * a manual chunk's unassigned imports into it, and React would otherwise move into `shared`.
 */
const CANDIDATE = /\/(web\/components|web\/lib|contract)\/|\/lucide-react\/dist\/esm\/icons\//;
const ENTRY = /\/web\/main\.tsx$/;
/** A language's catalogue is fetched only in that language (issue 41): always a chunk of its own. */
const CATALOGUE = /\/contract\/i18n\/catalogues\//;
/** lucide-react's index re-exports every icon; only the icons a module names are its imports. */
const ICONS_INDEX = /\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;

/**
 * A fresh `manualChunks` function (its verdicts are per build). `busiestPages` are the modules of the pages a
 * visitor lands on most (web/app/first-screens.ts): the shared pieces they import statically form the `shared`
 * chunk, and the rest of the pages' shared pieces a second one, `shared-rest`. One chunk for all had grown to
 * 39 KB over the wire once every page's texts moved into the contract (issue 41), and the home page, the
 * marketplace and the feed paid for the admin's and the wallet's words before their first paint.
 */
export function sharedChunks(busiestPages: string[] = []): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  let busiest: Set<string> | undefined;
  const verdicts = new Map<string, boolean>();

  /** The modules the entry imports statically, with an icon import counted as the icons it names. */
  function firstScreen(meta: Rollup.ManualChunkMeta): Set<string> {
    shell ??= staticClosure(
      [...meta.getModuleIds()].filter((id) => ENTRY.test(id)),
      meta,
    );
    return shell;
  }

  /** What the busiest pages import statically. */
  function busiestPieces(meta: Rollup.ManualChunkMeta): Set<string> {
    busiest ??= staticClosure(
      [...meta.getModuleIds()].filter((id) => busiestPages.some((page) => id.endsWith(`/${page}`))),
      meta,
    );
    return busiest;
  }

  function joins(id: string, meta: Rollup.ManualChunkMeta): boolean {
    const known = verdicts.get(id);
    if (known !== undefined) return known;
    const screen = firstScreen(meta);
    if (screen.has(id) || !CANDIDATE.test(id) || CATALOGUE.test(id)) {
      verdicts.set(id, false);
      return false;
    }
    verdicts.set(id, true); // provisional, for import cycles
    const ok = (meta.getModuleInfo(id)?.importedIds ?? []).every(
      (dep) => screen.has(dep) || ICONS_INDEX.test(dep) || joins(dep, meta),
    );
    verdicts.set(id, ok);
    return ok;
  }

  return (id, meta) => {
    if (ICONS_INDEX.test(id)) return undefined;
    if (firstScreen(meta).has(id)) return ENTRY.test(id) ? undefined : 'shell';
    if (!joins(id, meta)) return undefined;
    // With no page named, one shared chunk, as before the split.
    return busiestPages.length === 0 || busiestPieces(meta).has(id) ? 'shared' : 'shared-rest';
  };
}

/** Every module `roots` import statically, with an icon import counted as the icons it names. */
function staticClosure(roots: string[], meta: Rollup.ManualChunkMeta): Set<string> {
  const found = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    const info = meta.getModuleInfo(id);
    for (const dep of info?.importedIds ?? []) {
      if (ICONS_INDEX.test(dep)) stack.push(...namedIcons(info?.code ?? '', dep, meta));
      else stack.push(dep);
    }
  }
  return found;
}

/** The icon modules (and the index's own helpers) that `code` imports by name from lucide-react. */
function namedIcons(code: string, index: string, meta: Rollup.ManualChunkMeta): string[] {
  const indexInfo = meta.getModuleInfo(index);
  const files = new Map<string, string>();
  for (const m of (indexInfo?.code ?? '').matchAll(/export \{([^}]*)\} from '(\.\/[^']+)'/g)) {
    for (const name of (m[1] as string).split(',')) {
      files.set(name.trim().replace(/^default as /, ''), path.join(path.dirname(index), m[2] as string));
    }
  }
  const helpers = (indexInfo?.importedIds ?? []).filter((dep) => !dep.includes('/icons/'));
  const named = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap((m) =>
    (m[1] as string).split(',').map((n) => n.trim().split(/\s+as\s+/)[0] as string),
  );
  return [...helpers, ...named.flatMap((n) => files.get(n) ?? [])];
}
