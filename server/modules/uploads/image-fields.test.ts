import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages, productMessages, socialMessages } from '../../../contract/messages.ts';
import { marketplaceListings, products, socialPosts } from '../../db/schema/index.ts';
import { type BuiltUser, buildSignedInUser } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The image fields of posts, listings and products take an upload of ours (`/media/…`, decision 023), keep
 * taking the http(s) addresses they took before, and refuse anything that only looks like an upload.
 */
let t: TestApp;
let member: BuiltUser & { cookie: string };
let admin: BuiltUser & { cookie: string };
let media: string;
beforeAll(async () => {
  t = await buildTestApp();
  member = await buildSignedInUser(t);
  admin = await buildSignedInUser(t, { role: 'admin' });
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0c' } })
    .png()
    .toBuffer();
  const body = multipartBody(png, 'a.png', 'image/png', 'file');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    payload: body.payload,
    headers: { ...body.headers, cookie: member.cookie },
  });
  media = res.json().url;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });

const id = '0b6f2c1e-8d4a-4c3b-9e7f-1a2b3c4d5e6f';
const lookAlikes = [
  `/media/${id}.svg`,
  `/media/${id}.webp?x=1`,
  '/media/../api/v1/me',
  `//evil.example/media/${id}.webp`,
  `/MEDIA/${id}.WEBP`,
  `data:image/png;base64,AAAA`,
];

const listing = {
  title: 'Aimbot for CS2',
  game: 'Counter-Strike 2',
  type: 'cheat',
  detectionStatus: 'undetected',
  features: 'Aimbot',
  requirements: 'Windows',
  description: 'A private aimbot with humanised movement.',
  contentLink: 'https://files.example.com/secret.zip',
  price: 250,
};
const product = {
  title: 'Aimbot Pro',
  salesUrl: 'https://shop.example.com/aimbot',
  description: 'The best aim assistance.',
};

describe('image fields take an upload', () => {
  it('a post stores the /media address, and an http(s) address as before', async () => {
    for (const imageUrl of [media, 'https://img.example.com/a.png']) {
      const res = await call('POST', '/api/v1/posts', member.cookie, { content: 'look', imageUrl });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().imageUrl).toBe(imageUrl);
      const [row] = await t.db.select().from(socialPosts).where(eq(socialPosts.id, res.json().id));
      expect(row!.imageUrl).toBe(imageUrl);
    }
  });

  it('a listing stores it on create and on edit', async () => {
    const created = await call('POST', '/api/v1/listings', member.cookie, { ...listing, imageUrl: media });
    expect(created.statusCode, created.body).toBe(201);
    const listingId = created.json().id;
    const read = async () =>
      (await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId)))[0]!;
    expect((await read()).imageUrl).toBe(media);
    const edited = await call('PATCH', `/api/v1/listings/${listingId}`, member.cookie, {
      title: listing.title,
      description: listing.description,
      price: listing.price,
      imageUrl: 'https://img.example.com/b.png',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read()).imageUrl).toBe('https://img.example.com/b.png');
  });

  it('a product stores it', async () => {
    const res = await call('POST', '/api/v1/admin/products', admin.cookie, { ...product, imageUrl: media });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(products).where(eq(products.id, res.json().id));
    expect(row!.imageUrl).toBe(media);
  });

  it.each(lookAlikes)('refuses %s in every image field', async (imageUrl) => {
    const post = await call('POST', '/api/v1/posts', member.cookie, { content: 'x', imageUrl });
    expect(post.statusCode).toBe(400);
    expect(post.json().error.message).toBe(socialMessages.imageUrlInvalid);
    const created = await call('POST', '/api/v1/listings', member.cookie, { ...listing, imageUrl });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields.imageUrl).toBe(marketplaceMessages.imageUrlInvalid);
    const prod = await call('POST', '/api/v1/admin/products', admin.cookie, { ...product, imageUrl });
    expect(prod.statusCode).toBe(400);
    expect(prod.json().error.fields.imageUrl).toBe(productMessages.imageUrlInvalid);
  });
});
