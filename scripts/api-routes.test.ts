import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generatedFile, generatedSource } from './generate-api-routes.ts';

/**
 * web/lib/api-routes.gen.ts is written from the route table (contract/routes/) by
 * scripts/generate-api-routes.ts: an entry added, renamed or moved without running it fails here (and, for a
 * changed method or path, the web's typecheck, which compares each string with its entry's type).
 */
it('the web client file is generated from the current route table', () => {
  expect(
    readFileSync(generatedFile, 'utf8'),
    'web/lib/api-routes.gen.ts is stale: run node scripts/generate-api-routes.ts',
  ).toBe(generatedSource());
});
