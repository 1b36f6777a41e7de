import { expect, it } from 'vitest';
import { staleFiles } from './generate-api-routes.ts';

/**
 * web/lib/api-routes/*.gen.ts are written from the route table (contract/routes/) by
 * scripts/generate-api-routes.ts: an entry added, renamed or moved without running it fails here (and, for a
 * changed method or path, the web's typecheck, which compares each string with its entry's type).
 */
it('the web client files are generated from the current route table', () => {
  expect(staleFiles(), 'stale: run node scripts/generate-api-routes.ts').toEqual([]);
});
