import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the web bundle is built from: a change to any of these makes `dist/web` stale. */
export const BUNDLE_SOURCES = [
  'web',
  'contract',
  'vite.config.ts',
  'scripts/precompress.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** The newest modification time under `target` (a file or a folder, recursively); 0 when absent. */
export function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/**
 * `missing` without `dist/web/index.html` (or its renderer, dist/render), `stale` when a source changed after it was written, else
 * `fresh`. An install without the sources (a server that only got `dist/`) is always fresh.
 */
export function bundleState(
  root: string,
  webRoot = path.join(root, 'dist', 'web'),
): 'missing' | 'stale' | 'fresh' {
  const index = path.join(webRoot, 'index.html');
  if (!existsSync(index)) return 'missing';
  // The public pages' server renderer (decision 067), written by the same build beside the web root.
  const renderer = path.join(path.dirname(webRoot), 'render', 'entry-server.js');
  if (existsSync(path.join(root, 'web', 'entry-server.tsx')) && !existsSync(renderer)) return 'missing';
  const built = statSync(index).mtimeMs;
  const newest = Math.max(...BUNDLE_SOURCES.map((s) => newestChange(path.join(root, s))));
  return newest > built ? 'stale' : 'fresh';
}
