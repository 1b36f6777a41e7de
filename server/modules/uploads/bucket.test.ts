import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { buildSignedInUser, buildUpload } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { type S3TestServer, startS3Server } from '../../test/s3-server.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createMediaBucket } from './bucket.ts';
import { migrateMediaToBucket } from './migrate.ts';
import { sweepUnreferenced } from './service.ts';

/*
 * Uploads in an S3-compatible bucket (issue 39), against a loopback object store that checks every request's
 * SigV4 signature (server/test/s3-server.ts). The PostgreSQL-only mode is the rest of this folder's tests.
 */

let s3: S3TestServer;
let t: TestApp;
let cdn: TestApp;
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let member: Member;
let moderator: Member;

beforeAll(async () => {
  s3 = await startS3Server();
  [t, cdn] = await Promise.all([
    buildTestApp({ env: s3.env() }),
    buildTestApp({ env: { ...s3.env(), MEDIA_PUBLIC_URL: 'https://cdn.example.com/' } }),
  ]);
  [member, moderator] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t, { role: 'moderator' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), cdn.close()]);
  await s3.close();
});

let hue = 0;
const picture = () => {
  hue += 11;
  return sharp({
    create: { width: 96, height: 64, channels: 3, background: { r: hue % 256, g: 40, b: 200 } },
  })
    .png()
    .toBuffer();
};
async function upload(app: TestApp, cookie: string) {
  const body = multipartBody(await picture(), 'a.png', 'image/png', 'file');
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; url: string; mime: string };
}
const rowOf = async (app: TestApp, id: string) =>
  (await app.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('uploads with S3 configured', () => {
  it('go to the bucket, signed; the row keeps the hash and size, not the bytes; /media reads through', async () => {
    const image = await upload(t, member.cookie);
    const row = await rowOf(t, image.id);
    expect(row!.data).toBeNull();
    const object = s3.objects.get(`uploads/${image.id}.png`);
    expect(object).toBeDefined();
    expect(object!.contentType).toBe('image/png');
    expect(object!.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(sha(object!.data)).toBe(row!.sha256);
    expect(row!.bytes).toBe(object!.data.length);

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers.etag).toBe(`"${row!.sha256}"`);
    expect(Buffer.compare(served.rawPayload, object!.data)).toBe(0);

    // A cached copy is confirmed from the row alone: the bucket is not asked.
    const asked = s3.log.length;
    const again = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': `"${row!.sha256}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(s3.log.length).toBe(asked);
  });

  it('behind a CDN, /media sends the browser to the public address, kept an hour', async () => {
    const cdnMember = await buildSignedInUser(cdn);
    const image = await upload(cdn, cdnMember.cookie);
    const res = await cdn.app.inject({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://cdn.example.com/uploads/${image.id}.png`);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a takedown deletes the object; /media answers 404', async () => {
    const image = await upload(t, member.cookie);
    const key = `uploads/${image.id}.png`;
    expect(s3.objects.has(key)).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/uploads/${image.id}`,
      headers: { cookie: moderator.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
    expect(await rowOf(t, image.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });

  it('the sweep deletes the objects of images nothing used', async () => {
    const image = await upload(t, member.cookie);
    const key = `uploads/${image.id}.png`;
    await t.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(uploads.id, image.id));
    expect(await sweepUnreferenced(t.db, createMediaBucket(t.config.uploads.bucket!))).toBeGreaterThanOrEqual(
      1,
    );
    expect(s3.objects.has(key)).toBe(false);
    expect(await rowOf(t, image.id)).toBeUndefined();
  });

  it('a request signed with the wrong secret is refused by the store', async () => {
    const wrong = createMediaBucket({ ...t.config.uploads.bucket!, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('uploads/x.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    expect(s3.objects.has('uploads/x.webp')).toBe(false);
  });
});

describe('npm run media:migrate', () => {
  it('moves images from the database, checks each copy, and carries on after it was stopped', async () => {
    const owner = await buildSignedInUser(t);
    const images = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const data = await sharp({
          create: { width: 8, height: 8, channels: 3, background: { r: i * 40, g: 1, b: 2 } },
        })
          .webp()
          .toBuffer();
        return buildUpload(t, { userId: owner.id, data, bytes: data.length, sha256: sha(data) });
      }),
    );
    const bucket = createMediaBucket(t.config.uploads.bucket!);
    // Stopped after two copies: the bucket goes away mid-run.
    let puts = 0;
    const failing = {
      ...bucket,
      put: async (key: string, data: Buffer, mime: string) => {
        if (++puts > 2) throw new Error('connection reset');
        return bucket.put(key, data, mime);
      },
    };
    await expect(migrateMediaToBucket(t.db, failing)).rejects.toThrow('connection reset');
    const moved = async () =>
      (await Promise.all(images.map((i) => rowOf(t, i.id)))).filter((r) => r!.data === null).length;
    expect(await moved()).toBe(2);
    // Every image still serves throughout, from wherever its row says.
    for (const i of images) expect((await t.app.inject({ method: 'GET', url: i.url })).statusCode).toBe(200);

    const report = await migrateMediaToBucket(t.db, bucket);
    expect(report.mismatched).toEqual([]);
    expect(await moved()).toBe(5);
    for (const i of images) {
      const served = await t.app.inject({ method: 'GET', url: i.url });
      expect(served.statusCode).toBe(200);
      expect(sha(served.rawPayload)).toBe(i.sha256);
    }
  });

  it('a copy that reads back different keeps its bytes in the database', async () => {
    const owner = await buildSignedInUser(t);
    const data = Buffer.from('webp-bytes-for-the-mismatch');
    const image = await buildUpload(t, { userId: owner.id, data, bytes: data.length, sha256: sha(data) });
    const bucket = createMediaBucket(t.config.uploads.bucket!);
    const corrupting = {
      ...bucket,
      put: (key: string, d: Buffer, mime: string) =>
        bucket.put(key, Buffer.concat([d, Buffer.from('!')]), mime),
    };
    const report = await migrateMediaToBucket(t.db, corrupting);
    expect(report.mismatched).toContain(image.id);
    expect((await rowOf(t, image.id))!.data).toEqual(data);
  });
});
