import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { socialPosts } from '../db/schema/index.ts';
import { buildListing, buildSignedInUser, buildUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Issue 13 (first screen): a built web root (made here, compressed by the same step `npm run build` runs)
 * served precompressed, and the API's JSON compressed on the fly above 1 KB.
 */

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'cm-web-root-'));
const appJs = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];\n`;
const indexHtml = `<!doctype html><html><head><title>CheatMarket</title><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>\n`;
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
writeFileSync(path.join(webRoot, 'assets', 'app-3f9a1c.js'), appJs);
writeFileSync(path.join(webRoot, 'assets', 'tiny-77aa01.js'), 'export const x = 1;\n');
const compressed = precompressDir(webRoot);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const asset = '/assets/app-3f9a1c.js';
const immutable = 'public, max-age=31536000, immutable';

describe('the build step', () => {
  it('writes .br and .gz beside text files of 1 KB or more, and none beside smaller ones', () => {
    expect(compressed.sort()).toEqual(['assets/app-3f9a1c.js', 'index.html']);
    const original = readFileSync(path.join(webRoot, 'assets', 'app-3f9a1c.js'));
    expect(brotliDecompressSync(readFileSync(path.join(webRoot, `${asset}.br`)))).toEqual(original);
    expect(gunzipSync(readFileSync(path.join(webRoot, `${asset}.gz`)))).toEqual(original);
  });
});

describe('static files, precompressed', () => {
  it('sends the brotli file to a client that accepts br, with the asset headers and Vary', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(readFileSync(path.join(webRoot, `${asset}.br`)));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(appJs);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(immutable);
    expect(gunzipSync(res.rawPayload).toString()).toBe(appJs);
  });

  it('sends the plain file when no compression is accepted, still saying it varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ method: 'GET', url: asset, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.body).toBe(appJs);
    }
  });

  it('sends a file too small to have been compressed as it is, never compressed on the fly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny-77aa01.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export const x = 1;\n');
  });

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: asset, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(
      readFileSync(path.join(webRoot, `${asset}.br`)).length,
    );
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const res = await t.app.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('falls back to index.html (compressed, never cached) for client routes, GET and HEAD', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wallet',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);

    const plain = await t.app.inject({ method: 'GET', url: '/orders' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);

    const head = await t.app.inject({
      method: 'HEAD',
      url: '/orders',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.rawPayload.length).toBe(0);
  });

  it('does not serve the .br sibling as a resource of its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${asset}.br` });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(indexHtml);
  });
});

describe('API responses', () => {
  it('compresses a JSON list over 1 KB with br, or gzip, by Accept-Encoding', async () => {
    const seller = await buildUser(t);
    for (let i = 0; i < 12; i++) await buildListing(t, { userId: seller.id });
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/listings' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const body = plain.json();
    expect(body.items).toHaveLength(12);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(body);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(body);
  });

  it('leaves a JSON response under 1 KB as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings?q=nothing-matches-this',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().items).toEqual([]);
  });

  it('keeps the health check and the error body readable as they were', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('answers HEAD on a compressed JSON route without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/v1/listings',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
  });

  it('does not inflate compressed request bodies: they are read as sent, as before', async () => {
    const member = await buildSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: { cookie: member.cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ content: 'sent gzipped' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeTruthy();
    const rows = await t.db.select().from(socialPosts).where(eq(socialPosts.userId, member.id));
    expect(rows).toEqual([]);
  });
});
