/**
 * `npm start`: builds the web bundle only when it is missing or older than its sources (a build takes tens
 * of seconds and needs the devDependencies), then runs the server in this process. On an install without
 * devDependencies (`npm ci --omit=dev`) nothing is built: a missing bundle stops the start with what to do,
 * a stale one is served with a warning.
 */
// Before the server's modules are looked up (the dynamic import below): docs/decisions/028.
import '../server/boot/fast-resolve.ts';
// Before anything can start libuv's thread pool, which reads its size once (issue 36).
import '../server/boot/thread-pool.ts';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bundleState } from './bundle-freshness.ts';

const root = path.resolve(import.meta.dirname, '..');

// WEB_ROOT points at a bundle built and placed by someone else: theirs to keep fresh.
if (!process.env.WEB_ROOT) {
  const state = bundleState(root);
  if (state !== 'fresh') {
    // Vite alone is no proof (a production install can carry it as some package's peer): the build's own
    // plugins and the sources must be here too.
    const canBuild =
      existsSync(path.join(root, 'web', 'index.html')) &&
      ['vite', '@vitejs/plugin-react', '@tailwindcss/vite'].every((pkg) =>
        existsSync(path.join(root, 'node_modules', pkg, 'package.json')),
      );
    if (canBuild) {
      console.log(`web bundle ${state}: building it (npm run build)`);
      const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) process.exit(build.status ?? 1);
    } else if (state === 'missing') {
      console.error(
        'The web bundle (dist/web) is missing and this install has no build tools (devDependencies).\n' +
          'Run `npm run build` where they are installed and bring dist/ along, or `npm install` here.',
      );
      process.exit(1);
    } else {
      console.warn(
        'The web bundle is older than its sources and cannot be rebuilt here: serving it as it is.',
      );
    }
  }
}

await import('../server/main.ts');
