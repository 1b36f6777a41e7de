import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../contract/messages.ts';
import { avatars, profiles } from '../../db/schema/index.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const photo = (format: 'png' | 'jpeg', width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    [format]()
    .toBuffer();

function upload(file: Buffer, filename: string, type: string, cookie?: string) {
  const body = multipartBody(file, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/me/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

describe('POST /api/v1/me/avatar', () => {
  it('requires a session', async () => {
    const res = await upload(await photo('png'), 'a.png', 'image/png');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(accountMessages.loginToUpdateProfile);
  });

  for (const format of ['png', 'jpeg'] as const) {
    it(`stores a ${format} as a 256x256 WebP without metadata and serves it`, async () => {
      const user = await buildSignedInUser(t);
      const res = await upload(await photo(format), `me.${format}`, `image/${format}`, user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const { avatarUrl } = res.json();
      expect(avatarUrl).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\.webp$/);
      const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(row!.avatarUrl).toBe(avatarUrl);
      const stored = await t.db.select().from(avatars).where(eq(avatars.userId, user.id));
      expect(stored).toHaveLength(1);
      const meta = await sharp(stored[0]!.data).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(stored[0]!.data.includes('secret-exif-marker')).toBe(false);

      const served = await t.app.inject({ method: 'GET', url: avatarUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(served.rawPayload, stored[0]!.data)).toBe(0);
    });
  }

  it('replaces my previous avatar and deletes it', async () => {
    const user = await buildSignedInUser(t);
    const first = (await upload(await photo('png'), 'a.png', 'image/png', user.cookie)).json().avatarUrl;
    const second = (await upload(await photo('jpeg'), 'b.jpg', 'image/jpeg', user.cookie)).json().avatarUrl;
    expect(second).not.toBe(first);
    const stored = await t.db.select({ id: avatars.id }).from(avatars).where(eq(avatars.userId, user.id));
    expect(stored.map((s) => `/api/v1/avatars/${s.id}.webp`)).toEqual([second]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row!.avatarUrl).toBe(second);
  });

  const notImages: [string, Buffer, string, string][] = [
    [
      'an HTML page renamed .png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'x.png',
      'image/png',
    ],
    [
      'an SVG renamed .png',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
      'x.png',
      'image/png',
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
    it(`refuses ${name}`, async () => {
      const user = await buildSignedInUser(t);
      const res = await upload(file, filename, type, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(accountMessages.notAnImage);
      const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(row!.avatarUrl).toBeNull();
      expect(await t.db.select().from(avatars).where(eq(avatars.userId, user.id))).toHaveLength(0);
    });
  }

  it('refuses a request that is not multipart', async () => {
    const user = await buildSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      payload: { avatar: 'data:image/png;base64,AAAA' },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(accountMessages.notAnImage);
  });

  it('refuses a file over 5 MB', async () => {
    const user = await buildSignedInUser(t);
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png', 'image/png', user.cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(accountMessages.imageTooLarge);
  });

  it('limits uploads per member', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const user = await buildSignedInUser(limited);
      const png = await photo('png', 32, 32);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const body = multipartBody(png, 'a.png', 'image/png');
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/me/avatar',
          payload: body.payload,
          headers: { ...body.headers, cookie: user.cookie },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/v1/avatars/:file', () => {
  it('answers 404 for an unknown or malformed name', async () => {
    for (const url of [
      '/api/v1/avatars/00000000-0000-4000-8000-000000000000.webp',
      '/api/v1/avatars/not-an-id.webp',
      '/api/v1/avatars/00000000-0000-4000-8000-000000000000.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe(accountMessages.avatarNotFound);
    }
  });
});
