import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../db/schema/index.ts';
import { buildSignedInUser, buildUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { MAX_DRAWS_IN_FLIGHT } from './page-render.ts';

/*
 * Issue 38 item 3 (decision 067): a visitor's public page is sent with its first screen drawn on the server.
 * The real renderer is the build's (dist/render, exercised by e2e/server-render.spec.ts in Chromium); here a
 * renderer of the same shape, written beside a web root, shows the server's side of the contract: who gets a
 * drawn page, that the renderer's API calls are answered by the app itself, the streamed document, and that a
 * renderer failure still serves the page.
 */

const base = mkdtempSync(path.join(os.tmpdir(), 'cm-drawn-'));
const webRoot = path.join(base, 'web');
mkdirSync(webRoot);
mkdirSync(path.join(base, 'render'));
const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
writeFileSync(
  path.join(base, 'render', 'entry-server.js'),
  `let transport;
export const SERVER_STATE_ID = 'server-state';
export function setApiTransport(next) { transport = next; }
export async function render(url) {
  if (url.includes('fail=1')) throw new Error('this page cannot be drawn');
  if (url.includes('hold=1')) {
    globalThis.drawsWaiting = (globalThis.drawsWaiting ?? 0) + 1;
    await globalThis.drawGate;
    globalThis.drawsWaiting--;
  }
  const res = await transport('/api/v1/stats', { method: 'GET', headers: { accept: 'application/json' } });
  const stats = await res.json();
  return { html: '<p>' + url + ' ' + res.status + ' members=' + stats.members + '</p>', state: JSON.stringify({ members: stats.members }) };
}
`,
);

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    webRoot,
    env: { LOG_LEVEL: 'error' },
    logs: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(base, { recursive: true, force: true });
});

const drawnRoot = /<div id="root"><p>([^<]*)<\/p><\/div>/;

const countDrawsWaiting = () => (globalThis as { drawsWaiting?: number }).drawsWaiting ?? 0;

async function memberCount() {
  const [row] = await t.db.select({ n: count() }).from(profiles);
  return row!.n;
}

describe("a visitor's public page", () => {
  it('comes with its first screen drawn from the API, its state beside it, and data-drawn on <html>', async () => {
    await buildUser(t);
    await buildUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/marketplace?sort=price' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const members = await memberCount();
    expect(res.body.match(drawnRoot)?.[1]).toBe(`/marketplace?sort=price 200 members=${members}`);
    expect(res.body).toContain(
      `<script type="application/json" id="server-state">{"members":${members}}</script>`,
    );
    expect(res.body).toMatch(/<html lang="en" class="dark" data-drawn>/);
    // The first paint waits for the whole drawn page (its state comes after it), in the head, which goes first.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#server-state" blocking="render" />');
    // Its code is named, not loaded: boot.js starts it after the first paint.
    expect(res.body).toContain('<meta name="app-module" content="/main.tsx" />');
    expect(res.body).not.toContain('<script type="module"');
    // The page's link card is still in its head.
    expect(res.body).toContain('<meta property="og:url" content="http://localhost:3000/marketplace" />');
    expect(res.body).toMatch(/<\/html>\s*$/);
  });

  it('is streamed in brotli or gzip as the client accepts, each decoding to the same document', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/forum' });
    const br = await t.app.inject({ method: 'GET', url: '/forum', headers: { 'accept-encoding': 'br' } });
    const gzip = await t.app.inject({ method: 'GET', url: '/forum', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.body).toMatch(drawnRoot);
  });
});

describe('pages the server does not draw', () => {
  it("a signed-in member's page is left to their browser (no data, no state)", async () => {
    const member = await buildSignedInUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('server-state');
    expect(res.body).not.toContain('data-drawn');
  });

  it('a visitor whose browser asks for another language we speak gets the page drawn in their browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('data-drawn');
    // A language we do not speak is answered in English, so that page is drawn.
    const other = await t.app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { 'accept-language': 'fi' },
    });
    expect(other.body).toMatch(drawnRoot);
  });

  it('a private page (the wallet) and a HEAD request get the plain document', async () => {
    const wallet = await t.app.inject({ method: 'GET', url: '/wallet' });
    expect(wallet.body).toBe(indexHtml);
    const head = await t.app.inject({ method: 'HEAD', url: '/marketplace' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('a renderer failure still serves the page (drawn in the browser) and logs what failed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/marketplace?fail=1' });
    expect(res.statusCode).toBe(200);
    // An empty #root, and the code named for boot.js, which starts it after the first (empty) paint.
    expect(res.body).toMatch(/<div id="root"><\/div>\s*<meta name="app-module" content="\/main.tsx" \/>/);
    expect(res.body).not.toContain('id="server-state"');
    const at = lines.findIndex((line) => line.includes('page not drawn on the server'));
    expect(at).toBeGreaterThanOrEqual(0);
    const entry = lines.slice(at, at + 40).join('\n');
    expect(entry).toContain('/marketplace?fail=1');
    expect(entry).toContain('this page cannot be drawn');
  });

  it(`past ${MAX_DRAWS_IN_FLIGHT} pages drawn at once, the next visitor gets the page drawn in their browser`, async () => {
    let open = () => {};
    (globalThis as { drawGate?: Promise<void> }).drawGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held = Array.from({ length: MAX_DRAWS_IN_FLIGHT }, () =>
      t.app.inject({ method: 'GET', url: '/forum?hold=1' }),
    );
    // Each held draw waits at the gate (nothing else is drawing).
    await expect.poll(() => countDrawsWaiting()).toBe(MAX_DRAWS_IN_FLIGHT);
    const extra = await t.app.inject({ method: 'GET', url: '/forum' });
    expect(extra.statusCode).toBe(200);
    expect(extra.body).not.toContain('id="server-state"');
    open();
    for (const res of await Promise.all(held)) expect(res.body).toMatch(drawnRoot);
    // The count went back down: the next visitor's page is drawn again.
    expect((await t.app.inject({ method: 'GET', url: '/forum' })).body).toMatch(drawnRoot);
  });
});
