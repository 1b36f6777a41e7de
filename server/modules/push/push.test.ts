import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages as m } from '../../../contract/messages.ts';
import { appSecrets, pushSubscriptions } from '../../db/schema/index.ts';
import { isAllowedOutboundUrl, isPublicAddress, publicOnlyLookup } from '../../security/outbound.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { type PushService, startPushService } from '../../test/push-service.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * Web Push (issue 37 item 4): a member's devices, and notifications pushed to them through a real push
 * protocol exchange with a push service on loopback (aes128gcm decrypted here with the browser's keys, the
 * VAPID signature verified), 404/410 dropping the device, and outgoing requests to public addresses only.
 */

let t: TestApp;
let strict: TestApp;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  // A development machine's loopback push service needs OUTBOUND_ALLOW_PRIVATE; `strict` is production's rule.
  t = await buildTestApp({
    env: { OUTBOUND_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'https://cheats.example', JOB_WORKERS: 'true' },
  });
  strict = await buildTestApp();
});
afterAll(async () => {
  await Promise.all([t.close(), strict.close(), service.close()]);
});

const subscribe = (app: TestApp, cookie: string | undefined, payload: unknown) =>
  app.app.inject({
    method: 'PUT',
    url: '/api/v1/me/push-subscriptions',
    headers: cookie ? { cookie, 'user-agent': 'Chrome test' } : {},
    payload: payload as object,
  });

async function sendDm(from: { cookie: string }, to: { id: string }, message: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: { cookie: from.cookie },
    payload: { recipientId: to.id, message },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the public key', () => {
  it('is the VAPID public key, made once and kept encrypted at rest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/push/key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.key, 'vapid'));
    expect(row!.value).not.toContain(publicKey);
    expect(row!.value).not.toMatch(/privateKey/);
  });
});

describe('a member’s devices', () => {
  it('401 signed out, 400 for each bad field, 422 for an endpoint that is not a public https service', async () => {
    const member = await buildSignedInUser(strict);
    const good = service.subscription();
    expect((await subscribe(strict, undefined, { ...good, kinds: ['messages'] })).statusCode).toBe(401);
    const bad = await subscribe(strict, member.cookie, {
      ...good,
      keys: { p256dh: 'x', auth: good.keys.auth },
      kinds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['keys.p256dh']).toBe(m.subscriptionInvalid);
    const kind = await subscribe(strict, member.cookie, { ...good, kinds: ['everything'] });
    expect(kind.json().error.fields['kinds.0']).toBe(m.kindInvalid);
    for (const endpoint of [
      good.endpoint, // loopback, refused without OUTBOUND_ALLOW_PRIVATE
      'http://push.example.com/send/1',
      'https://10.0.0.7/send/1',
      'https://[::1]/send/1',
      'https://169.254.169.254/latest/meta-data',
      'https://user:pw@push.example.com/send/1',
    ]) {
      const res = await subscribe(strict, member.cookie, { ...good, endpoint, kinds: ['messages'] });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().error.message).toBe(m.endpointRefused);
    }
    expect(await strict.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('turns push on, changes kinds, lists the devices and turns it off; one endpoint belongs to its last member', async () => {
    const member = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const device = service.subscription();
    const on = await subscribe(t, member.cookie, { ...device, kinds: ['messages', 'orders', 'messages'] });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      endpoint: device.endpoint,
      kinds: ['messages', 'orders'],
      userAgent: 'Chrome test',
    });
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ userId: member.id, p256dh: device.keys.p256dh, auth: device.keys.auth });

    const patch = (cookie: string, kinds: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/push-subscriptions',
        headers: { cookie },
        payload: { endpoint: device.endpoint, kinds },
      });
    expect((await patch(other.cookie, ['detection'])).statusCode).toBe(404);
    const changed = await patch(member.cookie, ['detection', 'mentions']);
    expect(changed.json().kinds).toEqual(['detection', 'mentions']);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/push-subscriptions',
      headers: { cookie: member.cookie },
    });
    expect(list.json().items.map((d: { endpoint: string }) => d.endpoint)).toEqual([device.endpoint]);

    // The same browser signed in as someone else takes the device over.
    await subscribe(t, other.cookie, { ...device, kinds: ['messages'] });
    const [taken] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(taken!.userId).toBe(other.id);

    const remove = (cookie: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/me/push-subscriptions',
        headers: { cookie },
        payload: { endpoint: device.endpoint },
      });
    expect((await remove(member.cookie)).statusCode).toBe(404);
    expect((await remove(other.cookie)).statusCode).toBe(204);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
  });
});

describe('delivery', () => {
  it('pushes a new message to a member with no open tab, encrypted for the device and signed with VAPID', async () => {
    const sender = await buildSignedInUser(t, { username: 'push_sender' });
    const member = await buildSignedInUser(t);
    const device = service.subscription();
    const quiet = service.subscription();
    await subscribe(t, member.cookie, { ...device, kinds: ['messages'] });
    await subscribe(t, member.cookie, { ...quiet, kinds: ['orders'] });
    const key = (await t.app.inject({ method: 'GET', url: '/api/v1/push/key' })).json().publicKey;

    await sendDm(sender, member, 'Are the keys still in stock?');
    await t.app.jobs.settle();

    const mine = service.received.filter((p) => p.endpoint === device.endpoint);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      title: 'New message',
      body: 'push_sender: Are the keys still in stock?',
      url: `https://cheats.example/messages/${sender.id}`,
    });
    expect(mine[0]!.ttl).toBe('86400');
    expect(mine[0]!.urgency).toBe('high');
    expect(mine[0]!.vapid).toMatchObject({
      audience: service.url,
      publicKey: key,
      subject: 'mailto:push@cheats.example',
    });
    expect(mine[0]!.vapid.expires * 1000).toBeGreaterThan(Date.now());
    // A device that takes orders only heard nothing.
    expect(service.received.filter((p) => p.endpoint === quiet.endpoint)).toEqual([]);
    const [sent] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(sent!.lastSentAt).not.toBeNull();
  });

  it('drops a device its push service answers 410 or 404 for; counts a 500 as a failure to retry', async () => {
    const sender = await buildSignedInUser(t);
    const member = await buildSignedInUser(t);
    const gone = service.subscription(410);
    const missing = service.subscription(404);
    const failing = service.subscription(500);
    for (const d of [gone, missing, failing])
      await subscribe(t, member.cookie, { ...d, kinds: ['messages'] });
    await sendDm(sender, member, 'hello');
    await t.app.jobs.settle(30_000, { retries: false });
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id));
    expect(left.map((d) => d.endpoint)).toEqual([failing.endpoint]);
    expect(left[0]!.failures).toBeGreaterThanOrEqual(1);
  });
});

describe('outgoing requests go to public addresses only', () => {
  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    expect(isAllowedOutboundUrl('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(isAllowedOutboundUrl('https://localhost/x', false)).toBe(false);
    expect(isAllowedOutboundUrl('https://printer.local/x', false)).toBe(false);
  });

  it('refuses a name whose DNS answer is private at connection time', async () => {
    const lookup = publicOnlyLookup(false);
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', {}, (e) => resolve(e)),
    );
    expect(err?.code).toBe('EREFUSED');
    const allowed = await new Promise<string>((resolve, reject) =>
      publicOnlyLookup(true)('localhost', {}, (e, address) => (e ? reject(e) : resolve(address as string))),
    );
    expect(['127.0.0.1', '::1']).toContain(allowed);
  });
});
