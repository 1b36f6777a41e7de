import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../../contract/messages.ts';
import { uploads } from '../../db/schema/index.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MARKER = 'secret-exif-marker';
const picture = (format: 'png' | 'jpeg', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .withMetadata({ exif: { IFD0: { Copyright: MARKER } } })
    [format]()
    .toBuffer();

/** A real 1x1 PNG whose header claims width x height (a decompression bomb's calling card). */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

function upload(file: Buffer, filename: string, type: string, cookie?: string, app = t.app) {
  const body = multipartBody(file, filename, type, 'file');
  return app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

const rowsOf = (userId: string) => t.db.select().from(uploads).where(eq(uploads.userId, userId));

describe('POST /api/v1/uploads', () => {
  it('requires a session', async () => {
    const res = await upload(await picture('png'), 'a.png', 'image/png');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(uploadMessages.loginToUpload);
  });

  it('re-encodes a photo as WebP without metadata, stores it with its owner and serves it from /media', async () => {
    const user = await buildSignedInUser(t);
    const res = await upload(await picture('jpeg'), 'shot.jpg', 'image/jpeg', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      url: `/media/${body.id}.webp`,
      mime: 'image/webp',
      width: 800,
      height: 600,
    });

    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ id: body.id, mime: 'image/webp', width: 800, height: 600 });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.sha256).toBe(createHash('sha256').update(row!.data!).digest('hex'));
    expect(row!.data!.includes(MARKER)).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // An hour, not a year: staff may take an image down (takedown.test.ts).
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, row!.data!)).toBe(0);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
  });

  it('keeps a small PNG as PNG (lossless), re-encoded and without metadata', async () => {
    const user = await buildSignedInUser(t);
    const res = await upload(await picture('png', 300, 200), 'code.png', 'image/png', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'image/png', width: 300, height: 200 });
    expect(res.json().url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 200 });
    expect(served.rawPayload.includes(MARKER)).toBe(false);
    // The same file again is the same image: one row, one address.
    const again = await upload(await picture('png', 300, 200), 'code.png', 'image/png', user.cookie);
    expect(again.json().id).toBe(res.json().id);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('scales an image larger than 2000 px down to fit', async () => {
    const user = await buildSignedInUser(t);
    const res = await upload(await picture('png', 2400, 1200), 'wide.png', 'image/png', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'image/webp', width: 2000, height: 1000 });
    const [row] = await rowsOf(user.id);
    expect(await sharp(row!.data!).metadata()).toMatchObject({ format: 'webp', width: 2000, height: 1000 });
  });

  it('serves a polyglot only as the pixels it decoded to (HTML appended, script in a JPEG comment)', async () => {
    const user = await buildSignedInUser(t);
    const payload = '<html><script>alert(1)</script></html>';
    const png = await picture('png', 40, 40);
    const jpeg = await picture('jpeg', 40, 40);
    const comment = Buffer.from(payload);
    const commentSegment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    for (const [file, name, type] of [
      [Buffer.concat([png, Buffer.from(payload)]), 'poly.png', 'image/png'],
      [Buffer.concat([jpeg.subarray(0, 2), commentSegment, jpeg.subarray(2)]), 'poly.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(file, name, type, user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const served = await t.app.inject({ method: 'GET', url: res.json().url });
      expect(served.rawPayload.includes('<script')).toBe(false);
      expect(served.rawPayload.includes('<html')).toBe(false);
      expect(served.headers['content-type']).toMatch(/^image\/(png|webp)$/);
    }
  });

  const notImages: [string, Buffer, string, string][] = [
    [
      'an HTML page renamed .png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'x.png',
      'image/png',
    ],
    [
      'an SVG (it can carry script)',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
      'x.svg',
      'image/svg+xml',
    ],
    ['a text file', Buffer.from('hello'), 'x.txt', 'text/plain'],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      'x.png',
      'image/png',
    ],
    ['an empty file', Buffer.alloc(0), 'x.png', 'image/png'],
  ];
  for (const [name, file, filename, type] of notImages) {
    it(`refuses ${name} and stores nothing`, async () => {
      const user = await buildSignedInUser(t);
      const res = await upload(file, filename, type, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: uploadMessages.notAnImage,
        fields: { file: uploadMessages.notAnImage },
      });
      expect(await rowsOf(user.id)).toHaveLength(0);
    });
  }

  it('refuses a request that is not multipart', async () => {
    const user = await buildSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      payload: { file: 'data:image/png;base64,AAAA' },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(uploadMessages.notAnImage);
  });

  it('refuses a file over 8 MB', async () => {
    const user = await buildSignedInUser(t);
    const res = await upload(Buffer.alloc(8 * 1024 * 1024 + 10, 1), 'big.png', 'image/png', user.cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(uploadMessages.tooLarge);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('refuses an image over 40 megapixels before decoding it', async () => {
    const user = await buildSignedInUser(t);
    const res = await upload(await pngClaiming(10_000, 10_000), 'bomb.png', 'image/png', user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: uploadMessages.tooManyPixels,
      fields: { file: uploadMessages.tooManyPixels },
    });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('refuses a PNG over 16 megapixels before decoding it (a JPEG or WebP may have 40)', async () => {
    const user = await buildSignedInUser(t);
    const res = await upload(await pngClaiming(5000, 4000), 'screen.png', 'image/png', user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: uploadMessages.tooManyPixelsLossless,
      fields: { file: uploadMessages.tooManyPixelsLossless },
    });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('decodes with one libvips thread per image', () => {
    expect(sharp.concurrency()).toBe(1);
  });

  it('limits uploads per member (30 in 10 minutes)', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const user = await buildSignedInUser(limited);
      const png = await picture('png', 8, 8);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await upload(png, 'a.png', 'image/png', user.cookie, limited.app)).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('re-encodes at once per instance (UPLOAD_CONCURRENCY)', () => {
  it('answers 503 with Retry-After and a clear message while every slot is taken, and takes the upload once one is free', async () => {
    const capped = await buildTestApp({ env: { UPLOAD_CONCURRENCY: '2', UPLOAD_RETRY_AFTER_SECONDS: '7' } });
    try {
      const user = await buildSignedInUser(capped);
      const gate = capped.app.reencodes;
      expect(gate.capacity).toBe(2);
      // Two re-encodes in flight: the gate the route uses, held as two uploads would hold it.
      const held = [gate.tryAcquire(), gate.tryAcquire()];
      expect(held.every(Boolean)).toBe(true);
      const busy = await upload(await picture('png', 40, 40), 'a.png', 'image/png', user.cookie, capped.app);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('7');
      expect(busy.json().error).toMatchObject({ code: 'UNAVAILABLE', message: uploadMessages.busy });
      expect(await capped.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(0);
      // One finishes: the next upload takes its slot and is stored.
      held[0]!();
      const ok = await upload(await picture('png', 40, 40), 'a.png', 'image/png', user.cookie, capped.app);
      expect(ok.statusCode, ok.body).toBe(200);
      held[1]!();
      expect(gate.inFlight).toBe(0);
    } finally {
      await capped.close();
    }
  });

  it('admits as many uploads at once as the cap, and frees every slot whatever the outcome', async () => {
    const capped = await buildTestApp({ env: { UPLOAD_CONCURRENCY: '3' } });
    try {
      const user = await buildSignedInUser(capped);
      const files = await Promise.all([40, 41, 42].map((w) => picture('png', w, 30)));
      const results = await Promise.all(
        files.map((f) => upload(f, 'a.png', 'image/png', user.cookie, capped.app)),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const broken = await upload(Buffer.from('<html>'), 'x.png', 'image/png', user.cookie, capped.app);
      expect(broken.statusCode).toBe(400);
      expect(capped.app.reencodes.inFlight).toBe(0);
    } finally {
      await capped.close();
    }
  });

  it('is declared on the route: 503 in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/v1/uploads'].post.responses)).toContain('503');
  });
});

describe('GET /media/:file', () => {
  it('answers 404 for an unknown id, a malformed name or the wrong extension', async () => {
    const user = await buildSignedInUser(t);
    const png = (await upload(await picture('png', 16, 16), 'a.png', 'image/png', user.cookie)).json();
    for (const url of [
      '/media/00000000-0000-4000-8000-000000000000.webp',
      '/media/not-an-id.webp',
      `/media/${png.id}.webp`,
      `/media/${png.id}.svg`,
      `/media/${png.id}.PNG`,
      `/media/${png.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message, url).toBe(uploadMessages.notFound);
    }
  });
});

describe('the CSP', () => {
  it('allows images from our own origin, data: and blob: only (no third-party image ever loads)', async () => {
    for (const url of ['/api/health', '/forum']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toMatch(/(^|;)\s*img-src 'self' data: blob:\s*(;|$)/);
    }
  });
});
