/**
 * What the busiest pages need before they can paint, named so the build can list it in index.html and
 * public/boot.js can fetch it while the app's own code is still downloading (decision 029): the page's
 * modules (their chunks and the chunks those import, less the shell's) and the exact GET URLs the page's
 * first queries send (route-data.ts and the page's own queries), and whether it shows a date or a figure
 * (the browser's locale data costs 40–90 ms the first time). `*` is what the shell itself fetches on
 * every page. A URL that drifts from what the app sends is only a wasted request: e2e/first-screen.spec.ts
 * checks that each page sends each of them once.
 *
 * Read by vite.config.ts at build time only; no page imports it.
 */
export interface FirstScreen {
  modules?: string[];
  data: string[];
  /** The first screen formats dates or numbers (web/lib/format.ts): boot.js loads the locale data early. */
  intl?: boolean;
}

export const firstScreens: Record<string, FirstScreen> = {
  '*': { data: ['/api/auth/get-session', '/api/v1/site-settings'] },
  '/': {
    modules: ['web/app/pages/home-page.tsx', 'web/features/social/api.ts'],
    data: ['/api/v1/stats', '/api/v1/forum/threads/latest'],
    intl: true,
  },
  '/marketplace': {
    modules: ['web/features/marketplace/pages/marketplace-page.tsx', 'web/features/marketplace/api.ts'],
    data: ['/api/v1/listings?status=active&type=all&sort=newest'],
  },
  '/posts': {
    modules: ['web/features/social/pages/posts-page.tsx', 'web/features/social/api.ts'],
    data: [],
  },
};

/**
 * The shell's pieces that load lazily on every page after its first paint (the header's search box; a member's
 * bell, account menu and live socket). The build gives what they import a chunk of their own beside the busiest
 * pages' (scripts/shared-chunk.ts), so loading them never pulls in the chunk of every other page's shared pieces.
 */
export const shellLazyModules = [
  'web/features/search/components/global-search.tsx',
  'web/app/layout/notification-bell.tsx',
  'web/app/layout/account-actions.tsx',
  'web/lib/socket-open.ts',
];
