import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pseudoLocale } from './contract/i18n/pseudo.ts';
import { compileHints } from './scripts/compile-hints.ts';
import { firstScreenHints } from './scripts/first-screen-hints.ts';
import { minifyHeadScript } from './scripts/head-script.ts';
import { precompress } from './scripts/precompress.ts';
import { sharedChunks } from './scripts/shared-chunk.ts';
import { firstScreens, shellLazyModules } from './web/app/first-screens.ts';

const apiTarget = 'http://localhost:3000';
/** The pages whose shared pieces get a chunk of their own (scripts/shared-chunk.ts). */
const busiestPages = [
  ...Object.values(firstScreens)
    .map((screen) => screen.modules ?? [])
    .filter((modules) => modules.length > 0),
  shellLazyModules,
];
/**
 * `PSEUDO_LOCALE=1 vite build` (npm run build:pseudo): the pseudo-locale build (docs/translating.md), into
 * dist/pseudo/web, offering the pseudo locale beside the others; its catalogue is generated from the contract's
 * texts as the build starts. Any other build never has it.
 */
const pseudo = process.env.PSEUDO_LOCALE === '1' || process.env.PSEUDO_LOCALE === 'true';
const pseudoCatalogue = `dist/pseudo-catalogue/${pseudoLocale}.json`;
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * `vite build --ssr` (part of `npm run build`): the public pages' server renderer (web/entry-server.tsx,
 * decision 067) into dist/render, one self-contained module with the same aliases as the browser's build, so the
 * markup it draws is the one the browser hydrates.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild &&
      firstScreenHints(
        firstScreens,
        fileURLToPath(new URL('.', import.meta.url)),
        pseudo ? { [pseudoLocale]: pseudoCatalogue } : {},
      ),
    pseudo && {
      name: 'cheatmarket:pseudo-catalogue',
      apply: 'build',
      // Its own process: this config is bundled, and the bundle would drop the text groups nothing here reads.
      buildStart() {
        execFileSync('node', ['scripts/pseudo-locale.ts', pseudoCatalogue], { stdio: 'inherit' });
      },
    },
    !isSsrBuild && compileHints(firstScreens, fileURLToPath(new URL('.', import.meta.url))),
    !isSsrBuild && minifyHeadScript(),
    !isSsrBuild && precompress(),
  ],
  // The tag web/lib/locale.ts adds to the languages this build offers ('' in every build but the pseudo one).
  define: { __PSEUDO_LOCALE__: JSON.stringify(pseudo ? pseudoLocale : '') },
  resolve: {
    // The production build swaps two runtimes for the same code's lighter twins (`vite dev` keeps both, for
    // React's warnings and fast refresh):
    // - React Router's package maps every import to its development build (dev warnings on); its production
    //   build is the same code with them off.
    // - React DOM for Preact's React compatibility layer: the first screen's script went from 109 to 59 KB
    //   over the wire and the main thread's work before the first paint shrank with it (decision 030).
    alias: process.argv.includes('build')
      ? [
          { find: /^react-router$/, replacement: routerBuild('index.mjs') },
          { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react-dom$|^react$/, replacement: 'preact/compat' },
        ]
      : [],
  },
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        outDir: pseudo ? '../dist/pseudo/render' : '../dist/render',
        emptyOutDir: true,
        target: 'node22',
        copyPublicDir: false,
        rollupOptions: { input: 'web/entry-server.tsx', output: { inlineDynamicImports: true } },
      }
    : {
        outDir: pseudo ? '../dist/pseudo/web' : '../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        // Every browser that runs es2022 knows <link rel=modulepreload>: no polyfill in the first screen.
        modulePreload: { polyfill: false },
        // Lazy chunks are named by their hash alone: the entry lists every chunk's file for its preloads (158
        // of them), and the names alone were 0.8 KB of the first screen's brotli bytes.
        rollupOptions: {
          output: { chunkFileNames: 'assets/[hash].js', manualChunks: sharedChunks(busiestPages) },
        },
      },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/media': { target: apiTarget, changeOrigin: true },
      // The live WebSocket (contract/realtime.ts): the API takes upgrades from its own origins only.
      '/live': {
        target: apiTarget,
        changeOrigin: true,
        ws: true,
        configure(proxy) {
          proxy.on('proxyReqWs', (proxyReq) => proxyReq.setHeader('origin', apiTarget));
        },
      },
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        ws: true,
        // The API refuses state-changing requests from origins it does not trust; through this dev proxy
        // the page's origin is the dev server's, so present the API's own. Sec-Fetch-Site still travels.
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', apiTarget);
          });
        },
      },
    },
  },
}));
