import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/*
 * The typed route table (decision 051) is the one way to declare an endpoint: a server module registers the
 * contract's entry (`route.on(entry, options, handler)`) and the web calls the generated client
 * (`api.tickets.get({ id })`). The files below still do it the old way (`route.get(url, spec, handler)`, a
 * hand-named path in `api<T>('/…')` or `pagedQuery<T>(key, '/…')`); a file not listed that does fails here,
 * and a listed file that no longer does fails too, so the lists only shrink.
 */

/** Server files still declaring routes by URL: `route.get('/…', spec, handler)`, `staff.post('/…', …)`, `app.get('/…', …)`. */
const serverByUrl = [
  'server/app.ts',
  // Public bytes outside /api and the route contract (no access level, no session looked up): robots.txt, the
  // sitemaps and the link cards' images.
  'server/modules/link-cards/routes.ts',
  // The metrics endpoint, outside /api (not in the table); where `route.get` is defined.
  'server/plugins/metrics.ts',
  'server/plugins/routes-for.ts',
];

/** Web files still naming paths by hand. */
const webByPath = [
  // Where `api<T>` and `pagedQuery` are defined (their documentation shows the old way).
  'web/lib/api.ts',
  'web/lib/queries.ts',
];

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('server/test/'))
    .sort();
}

/** The files of `dir` whose text matches `pattern`. */
const matching = (dir: string, pattern: RegExp) =>
  sources(dir).filter((file) => pattern.test(readFileSync(path.join(root, file), 'utf8')));

/** `route.get(…)`, or any call whose first argument is a path literal: `staff.post('/…'`, `route[method]('/…'`. */
const byUrl =
  /\b(?:route|app)\.(?:get|post|put|patch|delete)\(|\.(?:get|post|put|patch|delete)\(\s*['`]\/|\[\w+\]\(\s*['`]\//;
/** `api<T>(…)`, `api('/…')` or `(use)pagedQuery(key, '/…')` (a string path in place of a generated call). */
const byPath = /\bapi<|\bapi\(\s*['`]|\b(?:pagedQuery|usePagedQuery)(?:<[^(]*>)?\([^,]+,\s*['`]\//;

it('declares every server route through the route table, but for the files not converted yet', () => {
  expect(matching('server', byUrl)).toEqual([...serverByUrl].sort());
});

it('calls every endpoint through the generated client, but for the files not converted yet', () => {
  expect(matching('web', byPath)).toEqual([...webByPath].sort());
});
