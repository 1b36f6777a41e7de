/**
 * Front-end figures (issue 9): opens `/`, `/marketplace` and `/posts` in Debian's Chromium with the CPU
 * slowed 4× (CDP Emulation.setCPUThrottlingRate), each in a fresh browser context (cold cache), and
 * reports LCP, CLS and how many /api requests the page makes (one per screen's data, not one per item).
 * Targets: LCP ≤ 2.5 s, CLS ≤ 0.1.
 *
 *   npm run build && npm run bench:web        (WEB_ROOT=<dir> serves another build; CHROMIUM_PATH another browser)
 *
 * The app runs in production mode on a fresh embedded database with the demo data set.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { root, startApp } from './app-process.ts';

const PAGES = ['/', '/marketplace', '/posts'] as const;
const TARGET = { lcpMs: 2500, cls: 0.1 };

interface Figures {
  page: string;
  as: string;
  lcpMs: number;
  cls: number;
  apiRequests: number;
  apiPaths: string[];
}

const webRoot = path.resolve(root, process.env.WEB_ROOT ?? 'dist/web');
if (!existsSync(path.join(webRoot, 'index.html'))) {
  console.error(`bench:web: no build in ${webRoot} (run npm run build first)`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cm-web-vitals-'));
const app = await startApp({
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  WEB_ROOT: webRoot,
  RATE_LIMIT_SCALE: '100',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

// A member of our own, signed up through the API like anyone.
const member = {
  username: `vitals_${Date.now().toString(36)}`,
  email: `vitals_${Date.now().toString(36)}@example.com`,
  password: 'vitals-password-1',
};
const signUp = await fetch(`${app.base}/api/auth/sign-up/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: app.base },
  body: JSON.stringify(member),
});
if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);

async function signInContext(context: BrowserContext) {
  const res = await context.request.post(`${app.base}/api/auth/sign-in/email`, {
    data: { email: member.email, password: member.password },
    headers: { origin: app.base },
  });
  if (res.status() !== 200) throw new Error(`sign-in: ${res.status()} ${await res.text()}`);
}

async function measure(pagePath: string, signedIn: boolean): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (signedIn) await signInContext(context);
    const page = await context.newPage();
    // Runs before the app's scripts (CDP, so the page's CSP does not apply to it).
    await page.addInitScript(() => {
      const vitals = { lcp: 0, cls: 0 };
      (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) vitals.lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!e.hadRecentInput) vitals.cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const apiPaths: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) apiPaths.push(`${req.method()} ${url.pathname}${url.search}`);
    });
    await page.goto(`${app.base}${pagePath}`, { waitUntil: 'load', timeout: 60_000 });
    // The screen is there when its heading is, its data has arrived and no skeleton is left.
    await page.locator('main h1').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
      timeout: 60_000,
    });
    await page.waitForTimeout(1000);
    const vitals = await page.evaluate(
      () => (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals,
    );
    return {
      page: pagePath,
      as: signedIn ? 'member' : 'visitor',
      lcpMs: Math.round(vitals.lcp),
      cls: Math.round(vitals.cls * 1000) / 1000,
      apiRequests: apiPaths.length,
      apiPaths,
    };
  } finally {
    await context.close();
  }
}

const results: Figures[] = [];
try {
  // One untimed pass warms the server (JIT, database caches); each measured load still has a cold browser cache.
  for (const p of PAGES) await measure(p, true);
  for (const signedIn of [false, true]) {
    for (const p of PAGES) results.push(await measure(p, signedIn));
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const ok = (r: Figures) => r.lcpMs <= TARGET.lcpMs && r.cls <= TARGET.cls;
console.log('\nWeb vitals, Chromium, CPU 4× slower, cold cache (targets: LCP ≤ 2500 ms, CLS ≤ 0.1)\n');
console.log(
  `${'page'.padEnd(14)}${'as'.padEnd(9)}${'LCP ms'.padStart(8)}${'CLS'.padStart(8)}${'/api req'.padStart(10)}  verdict`,
);
for (const r of results) {
  console.log(
    `${r.page.padEnd(14)}${r.as.padEnd(9)}${String(r.lcpMs).padStart(8)}${String(r.cls).padStart(8)}${String(r.apiRequests).padStart(10)}  ${ok(r) ? 'ok' : 'MISSED'}`,
  );
}
console.log('\nAPI requests per page:');
for (const r of results) console.log(`  ${r.page} (${r.as}): ${r.apiPaths.join(', ') || 'none'}`);
