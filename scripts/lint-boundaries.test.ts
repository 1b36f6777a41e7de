import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries in biome.json fail `npm run lint`: each case lints one file, placed where it would
 * live, in a scratch copy of the project's lint configuration.
 */
const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'cm-lint-'));
copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lint(file: string, source: string) {
  const full = path.join(scratch, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, source);
  const run = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['lint', file], {
    cwd: scratch,
    encoding: 'utf8',
    timeout: 120_000,
  });
  rmSync(full);
  return { ok: run.status === 0, output: run.stdout + run.stderr };
}

describe('import boundaries', () => {
  it.each([
    ['a feature file', 'web/features/forum/api.ts', '../marketplace/api.ts'],
    ['a feature page', 'web/features/forum/pages/thread-page.tsx', '../../marketplace/api.ts'],
    ['a shared component', 'web/components/ui/card.tsx', '../../features/forum/api.ts'],
    ['the web library', 'web/lib/api.ts', '../features/forum/api.ts'],
    ['server code', 'server/modules/forum/service.ts', '../../../web/lib/api.ts'],
    ['the contract', 'contract/forum.ts', '../web/lib/api.ts'],
  ])('%s may not import across its boundary', (_, file, target) => {
    const { ok, output } = lint(file, `import { x } from '${target}';\nexport const y = x;\n`);
    expect(ok, output).toBe(false);
    expect(output).toContain('noRestrictedImports');
  });

  it.each([
    ['its own feature', 'web/features/forum/pages/thread-page.tsx', '../api.ts'],
    ['the web library', 'web/features/forum/pages/thread-page.tsx', '../../../lib/api.ts'],
    ['shared components', 'web/features/forum/api.ts', '../../components/ui/card.tsx'],
  ])('a feature may import %s', (_, file, target) => {
    const { ok, output } = lint(file, `import { x } from '${target}';\nexport const y = x;\n`);
    expect(ok, output).toBe(true);
  });

  it.each([
    ['a feature', 'web/features/forum/pages/thread-page.tsx'],
    ['a shared component', 'web/components/ui/card.tsx'],
    ['the app shell', 'web/app/providers.tsx'],
  ])('%s raises toasts through web/lib/toast.ts, never the library itself (decision 070)', (_, file) => {
    const { ok, output } = lint(file, "import toast from 'react-hot-toast';\nexport const y = toast;\n");
    expect(ok, output).toBe(false);
    expect(output).toContain('decision 070');
  });

  it('the toasts’ lazy chunk may import the library', () => {
    const { ok, output } = lint(
      'web/lib/toaster.tsx',
      "import toast from 'react-hot-toast';\nexport const y = toast;\n",
    );
    expect(ok, output).toBe(true);
  });

  it('server code may not import React', () => {
    const { ok } = lint(
      'server/modules/forum/service.ts',
      "import { useState } from 'react';\nexport const y = useState;\n",
    );
    expect(ok).toBe(false);
  });
});
