import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * Issue 19: the web's response types are the contract's own zod schemas (`z.infer`), the same ones the
 * server's routes serialize with, so changing a response schema must break the web's typecheck rather than a
 * page at run time. Proved on a copy of `web/` and `contract/` with one field of the cheat board's card
 * renamed, typechecked with the web's own tsconfig.
 */
const root = path.resolve(import.meta.dirname, '..');
// Inside the project, so the copy resolves the same node_modules.
const copy = path.join(root, '.tmp', `contract-breaks-web-${process.pid}`);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

it('renaming a field of a response schema in contract/ fails the web typecheck where pages read it', () => {
  mkdirSync(copy, { recursive: true });
  for (const dir of ['web', 'contract'])
    cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
  for (const file of ['tsconfig.base.json', 'tsconfig.web.json'])
    cpSync(path.join(root, file), path.join(copy, file));
  const schemaFile = path.join(copy, 'contract', 'cheats.ts');
  const original = readFileSync(schemaFile, 'utf8');
  const field = 'cheat.extend({ watching: z.boolean() })';
  expect(original, 'the cheat card schema this test renames a field of').toContain(field);
  writeFileSync(schemaFile, original.replace(field, 'cheat.extend({ isWatching: z.boolean() })'));

  const tsc = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      path.join(copy, 'tsconfig.web.json'),
      '--incremental',
      'false',
    ],
    { cwd: copy, encoding: 'utf8' },
  );
  const errors = tsc.stdout.split('\n').filter((line) => line.includes('error TS'));
  expect(tsc.status, tsc.stdout + tsc.stderr).not.toBe(0);
  // Every error is the renamed field, in the card and the detail page that read it: nothing else in the
  // copy is broken, so the failure is the contract change and not the copying.
  expect(errors.length, tsc.stdout).toBeGreaterThanOrEqual(2);
  for (const line of errors) expect(line).toMatch(/Property 'watching' does not exist/);
  const files = new Set(errors.map((line) => line.slice(0, line.indexOf('('))));
  expect(files).toEqual(
    new Set([
      'web/features/cheats/components/cheat-card.tsx',
      'web/features/cheats/pages/cheat-detail-page.tsx',
    ]),
  );
}, 180_000);
