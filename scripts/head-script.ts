/**
 * public/boot.js, the classic script every page's head waits for, is copied as it is written: its comments
 * explain it to us and cost every visitor bytes of their first screen (scripts/check-bundle-budget.ts counts
 * them). The build writes it minified instead; the source keeps its comments.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, transformWithEsbuild } from 'vite';

export const HEAD_SCRIPT = 'boot.js';

export async function minifiedHeadScript(source: string): Promise<string> {
  // The app's own build target (vite.config.ts): a browser that runs the app runs this.
  const { code } = await transformWithEsbuild(source, HEAD_SCRIPT, { minify: true, target: 'es2022' });
  return code;
}

/** The Vite side: after the bundle and the public files are written, before they are compressed. */
export function minifyHeadScript(): Plugin {
  let outDir = '';
  return {
    name: 'cheatmarket:minify-head-script',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const file = path.join(outDir, HEAD_SCRIPT);
      writeFileSync(file, await minifiedHeadScript(readFileSync(file, 'utf8')));
    },
  };
}
