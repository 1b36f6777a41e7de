import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, ThreadResponse } from '../../../contract/direct-messages.ts';
import { contactKindNames, marketplaceMessages as m } from '../../../contract/messages.ts';
import { directMessages, marketplaceListings, reviewItems } from '../../db/schema/index.ts';
import { buildListing, buildOrder, buildSignedInUser } from '../../test/factories.ts';
import { connected, next, socketClients } from '../../test/sockets.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 36 item 4: off-platform contact details are refused in listings, and flagged (delivered, with a
 * warning to both sides and a row in the review queue) in direct messages between a buyer and a seller.
 */

let t: TestApp;
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let clients: ReturnType<typeof socketClients>;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  clients = socketClients(
    `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    'http://localhost:3000',
  );
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });

const valid = {
  title: 'Aimbot for CS2',
  game: 'Counter-Strike 2',
  type: 'cheat',
  detectionStatus: 'undetected',
  features: 'Aimbot, ESP',
  requirements: 'Windows 10+',
  description: 'A private aimbot with humanised movement and ESP.',
  contentLink: 'https://files.example.com/secret.zip',
  price: 250,
};
const listingsTitled = (title: string) =>
  t.db.select().from(marketplaceListings).where(eq(marketplaceListings.title, title));

describe('listings with contact details', () => {
  it.each([
    ['description', 'Cheaper off site, hmu on disc0rd: zyx_trader for the bulk price', 'discord'],
    ['title', 'CS2 external, tg @fastkeys', 'telegram'],
    ['features', 'Aimbot, ESP, support at john.doe (at) proton (dot) me', 'email'],
    ['requirements', 'Windows 10; whatsapp +44 7700 900123 first', 'phone'],
    ['game', 'discord.gg/cheapkeys', 'discord'],
  ] as const)(
    'a create with %s naming a contact is refused with the reason on that field',
    async (field, text, kind) => {
      const seller = await buildSignedInUser(t);
      const title = field === 'title' ? text : `Refused listing ${kind} ${field}`;
      const res = await call('POST', '/api/v1/listings', seller.cookie, { ...valid, title, [field]: text });
      expect(res.statusCode).toBe(400);
      const expected = m.offPlatformContact(contactKindNames[kind]);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION',
        message: expected,
        fields: { [field]: expected },
      });
      expect(expected).toContain("Listings can't include Discord, Telegram, email or phone contacts");
      expect(expected).toContain('trades outside CheatMarket have no buyer protection');
      expect(await listingsTitled(title)).toEqual([]);
    },
  );

  it('names each field that holds one', async () => {
    const seller = await buildSignedInUser(t);
    const res = await call('POST', '/api/v1/listings', seller.cookie, {
      ...valid,
      title: 'Keys, call +1 415 555 0134',
      description: 'Full description here, join discord.gg/abcXYZ12 for drops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      title: m.offPlatformContact(contactKindNames.phone),
      description: m.offPlatformContact(contactKindNames.discord),
    });
  });

  it('a clean listing with prices, versions, key formats and mentions is created (re-read)', async () => {
    const seller = await buildSignedInUser(t);
    const title = 'CS2 external v2.3.1 - $25 for 30 days';
    const res = await call('POST', '/api/v1/listings', seller.cookie, {
      ...valid,
      title,
      description:
        'Undetected since 2024-05-12, #1 rated. Keys look like XXXX-XXXX-XXXX. Thanks @zyx_trader for testing. No discord, support through tickets on site.',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await listingsTitled(title);
    expect(row).toMatchObject({ userId: seller.id, status: 'active' });
  });

  it('the content link is not checked: only the buyer sees it, after paying', async () => {
    const seller = await buildSignedInUser(t);
    const title = 'Delivered through a private channel';
    const res = await call('POST', '/api/v1/listings', seller.cookie, {
      ...valid,
      title,
      contentLink: 'https://t.me/+PrivateDeliveryChannel',
    });
    expect(res.statusCode).toBe(201);
    expect(await listingsTitled(title)).toHaveLength(1);
  });

  it('an edit naming a contact is refused and changes nothing; a clean edit is saved (re-read)', async () => {
    const seller = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: seller.id });
    const url = `/api/v1/listings/${listing.id}`;
    const edit = { title: listing.title, description: listing.description, price: 300, imageUrl: null };

    const refused = await call('PATCH', url, seller.cookie, {
      ...edit,
      description: 'Now cheaper: mail me at zyxtrader(at)gmail(dot)com and pay direct',
    });
    expect(refused.statusCode).toBe(400);
    const expected = m.offPlatformContact(contactKindNames.email);
    expect(refused.json().error).toMatchObject({ message: expected, fields: { description: expected } });
    const [unchanged] = await t.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listing.id));
    expect(unchanged).toMatchObject({ description: listing.description, price: listing.price });

    const title = await call('PATCH', url, seller.cookie, {
      ...edit,
      title: 'ｄｉｓｃｏｒｄ： ｎｅｏｎ＿ｋｅｙｓ',
    });
    expect(title.statusCode).toBe(400);
    expect(title.json().error.fields).toEqual({ title: m.offPlatformContact(contactKindNames.discord) });

    const saved = await call('PATCH', url, seller.cookie, {
      ...edit,
      description: 'Updated for patch 7.02: is there a discord? No, ask here on the site.',
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, listing.id));
    expect(row).toMatchObject({
      description: 'Updated for patch 7.02: is there a discord? No, ask here on the site.',
      price: 300,
    });
  });

  it("staff editing another seller's listing are held to the same rule", async () => {
    const seller = await buildSignedInUser(t);
    const moderator = await buildSignedInUser(t, { role: 'moderator' });
    const listing = await buildListing(t, { userId: seller.id });
    const res = await call('PATCH', `/api/v1/listings/${listing.id}`, moderator.cookie, {
      title: listing.title,
      description: 'Contact the seller on telegram: t.me/fastkeys',
      price: listing.price,
      imageUrl: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ description: m.offPlatformContact(contactKindNames.telegram) });
  });
});

describe('direct messages with contact details', () => {
  const send = (from: Member, to: Member, message: string) =>
    call('POST', '/api/v1/messages', from.cookie, { recipientId: to.id, message });
  const thread = async (viewer: Member, other: Member) => {
    const res = await call('GET', `/api/v1/conversations/${other.id}`, viewer.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as ThreadResponse;
  };
  const flagsOf = (messageId: string) =>
    t.db
      .select()
      .from(reviewItems)
      .where(and(eq(reviewItems.kind, 'direct_message'), eq(reviewItems.resultId, messageId)));
  const stored = async (id: string) =>
    (await t.db.select().from(directMessages).where(eq(directMessages.id, id)))[0];

  it('between a buyer and a seller (an order between them): delivered, flagged to staff, the warning on both sides and live', async () => {
    const [buyer, seller] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id });
    // The order sold the listing's only unit: the order alone makes them trading partners.
    const active = await t.db
      .select()
      .from(marketplaceListings)
      .where(and(eq(marketplaceListings.userId, seller.id), eq(marketplaceListings.status, 'active')));
    expect(active).toEqual([]);

    const sellerSocket = clients.open(seller.cookie);
    const buyerSocket = clients.open(buyer.cookie);
    await Promise.all([sellerSocket, buyerSocket].map(connected));
    const live = next<{ id: string; offPlatform: boolean }>(sellerSocket, 'message');
    const echo = next<{ id: string; offPlatform: boolean }>(buyerSocket, 'message');

    const text = 'hmu on disc0rd: zyx_trader, cheaper without the fee';
    const res = await send(buyer, seller, text);
    expect(res.statusCode).toBe(201);
    const sent = res.json() as DirectMessage;
    expect(sent).toMatchObject({ message: text, offPlatform: true });
    expect(await live).toMatchObject({ id: sent.id, offPlatform: true });
    expect(await echo).toMatchObject({ id: sent.id, offPlatform: true });

    expect(await stored(sent.id)).toMatchObject({
      offPlatform: true,
      senderId: buyer.id,
      recipientId: seller.id,
    });
    const flags = await flagsOf(sent.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: 'direct_message',
      reasons: ['off_platform'],
      status: 'pending',
      authorId: buyer.id,
      resultId: sent.id,
      payload: { senderId: buyer.id, recipientId: seller.id, excerpt: text, kinds: ['discord'] },
    });
    expect(flags[0]!.ipAddress).toEqual(expect.any(String));

    for (const [viewer, other] of [
      [seller, buyer],
      [buyer, seller],
    ] as const) {
      const items = (await thread(viewer, other)).items;
      expect(items.find((i) => i.id === sent.id)).toMatchObject({ offPlatform: true });
    }
  });

  it('to a member with an active listing (a buyer asking before paying): flagged, each kind named', async () => {
    const [asker, seller] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    await buildListing(t, { userId: seller.id });
    const res = await send(asker, seller, 'tg @fastkeys or call +1 415 555 0134');
    expect(res.statusCode).toBe(201);
    const sent = res.json() as DirectMessage;
    expect(sent.offPlatform).toBe(true);
    const [flag] = await flagsOf(sent.id);
    expect(flag?.payload).toMatchObject({ kinds: ['telegram', 'phone'] });
  });

  it('from a member with an active listing to anyone: flagged', async () => {
    const [seller, someone] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    await buildListing(t, { userId: seller.id });
    const sent = (await send(seller, someone, 'add me s n a p p y # 4 4 2 1')).json() as DirectMessage;
    expect(sent.offPlatform).toBe(true);
    expect(await flagsOf(sent.id)).toHaveLength(1);
  });

  it('between two members with no order and no active listing: delivered as is, not flagged', async () => {
    const [a, b] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    // A sold-out listing is no longer a reason: only active ones are.
    await buildListing(t, { userId: b.id, status: 'sold', stock: 0 });
    const res = await send(a, b, 'my discord is zyx_trader, add me for the league team');
    expect(res.statusCode).toBe(201);
    const sent = res.json() as DirectMessage;
    expect(sent.offPlatform).toBe(false);
    expect(await stored(sent.id)).toMatchObject({ offPlatform: false });
    expect(await flagsOf(sent.id)).toEqual([]);
    expect((await thread(b, a)).items.find((i) => i.id === sent.id)).toMatchObject({ offPlatform: false });
  });

  it('innocent messages between a buyer and a seller are not flagged', async () => {
    const [buyer, seller] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id });
    for (const text of [
      'is it still undetected after v2.3.1? paid $25',
      'is there a discord? or only the site',
      'thanks @zyx_trader, key XXXX-XXXX-XXXX works',
    ]) {
      const sent = (await send(buyer, seller, text)).json() as DirectMessage;
      expect(sent.offPlatform).toBe(false);
      expect(await flagsOf(sent.id)).toEqual([]);
    }
  });
});
