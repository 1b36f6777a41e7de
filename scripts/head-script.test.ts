import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { minifiedHeadScript } from './head-script.ts';

const source = readFileSync(path.resolve(import.meta.dirname, '../web/public/boot.js'), 'utf8');

it('the build writes boot.js without its comments, at less than half its brotli bytes, still a script', async () => {
  const built = await minifiedHeadScript(source);
  expect(built).not.toMatch(/\/\/|\/\*/);
  expect(brotliCompressSync(built).length).toBeLessThan(brotliCompressSync(source).length / 2);
  // Still one classic script that parses, and still reads the same marks and hints.
  expect(() => new Function(built)).not.toThrow();
  for (const name of ['first-screen', 'data-drawn', 'app-module', 'app-preload', '__earlyResponses'])
    expect(built).toContain(name);
});
