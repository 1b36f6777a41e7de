import { enableCompileCache, type ResolveFnOutput, registerHooks } from 'node:module';

/**
 * Node 24 parses a package's whole `exports` map again for every file it loads from that package: to learn
 * a file's format it looks up the package's package.json, and its reader copies the lazily parsed `exports`
 * field into a fresh object each time (node:internal/modules/package_json_reader, getPackageScopeConfig).
 * drizzle-orm's package.json is 179 KB with about 3,000 entries, and a server start loads hundreds of its
 * files: 1.7 of a start's ~5 CPU-seconds went to that parse and its garbage (docs/decisions/028).
 *
 * - drizzle-orm is an ES module package whose files import each other by relative `.js` paths: those imports
 *   are answered here, without the lookup.
 * - A package our own files import (`drizzle-orm/pg-core` from a hundred of them) resolves to the same file
 *   whichever of them asks, so Node's answer is kept and reused instead of being worked out per importer.
 * Everything else goes through Node's resolver unchanged.
 */
const DRIZZLE = '/node_modules/drizzle-orm/';

/**
 * V8's compiled code for the modules a process loads, kept on disk (the system's temporary directory) for the
 * next start: importing the app took 2.36 CPU-seconds, 1.75–2.0 with the cache warm. Keyed by each file's
 * content, so a changed file is compiled again; `NODE_DISABLE_COMPILE_CACHE=1` turns it off.
 */
enableCompileCache();
const fromOurFiles = new Map<string, ResolveFnOutput>();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent) return nextResolve(specifier, context);
    if (specifier.startsWith('.')) {
      if (specifier.endsWith('.js') && parent.includes(DRIZZLE)) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    }
    if (specifier.includes(':') || parent.includes('/node_modules/')) return nextResolve(specifier, context);
    const key = `${specifier}\0${context.conditions.join()}`;
    const known = fromOurFiles.get(key);
    if (known) return { ...known, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    fromOurFiles.set(key, resolved);
    return resolved;
  },
});
