import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookMessages as m } from '../../../contract/messages.ts';
import { notificationTarget } from '../../../contract/notification-target.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, hooks, notifications } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { createContentCipher, loadContentKey } from '../../security/content-cipher.ts';
import { postJsonOutbound, publicHttpsAgent } from '../../security/outbound.ts';
import {
  buildHook,
  buildListing,
  buildOrder,
  buildSignedInUser,
  buildUser,
  fundUser,
} from '../../test/factories.ts';
import { type HookReceiver, startHookReceiver } from '../../test/hook-receiver.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { buildReadySeller, codeOf } from '../../test/withdrawal-kit.ts';
import { backoffSeconds, MAX_ATTEMPTS } from './deliver.ts';

/*
 * Outgoing webhooks (issue 37 item 5): sellers' and the staff's hooks, delivered through the queue to a
 * receiver on loopback that speaks Discord's execute-webhook and Telegram's sendMessage as documented.
 * `t` lets the server reach loopback (OUTBOUND_ALLOW_PRIVATE, as a development machine would); `strict` has
 * production's rule, with its Discord and Telegram bases on private and link-local addresses.
 */

let t: TestApp;
let strict: TestApp;
let receiver: HookReceiver;
beforeAll(async () => {
  receiver = await startHookReceiver();
  t = await buildTestApp({
    env: {
      OUTBOUND_ALLOW_PRIVATE: 'true',
      PUBLIC_URL: 'https://cheats.example',
      JOB_WORKERS: 'true',
      DISCORD_WEBHOOK_API_URL: receiver.discordApiUrl,
      TELEGRAM_API_URL: receiver.url,
    },
  });
  strict = await buildTestApp({
    env: {
      JOB_WORKERS: 'true',
      DISCORD_WEBHOOK_API_URL: 'https://169.254.169.254/api',
      TELEGRAM_API_URL: 'https://10.0.0.7',
    },
  });
});
afterAll(async () => {
  await Promise.all([t.close(), strict.close(), receiver.close()]);
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (app: TestApp, method: Method, url: string, cookie?: string, payload?: object) =>
  app.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const hookRow = async (app: TestApp, id: string) =>
  (await app.db.select().from(hooks).where(eq(hooks.id, id)))[0];

const cipherOf = (app: TestApp) =>
  createContentCipher(loadContentKey(app.config.contentKey, app.config.dataDir));

/** The requests the receiver saw for one Discord webhook or Telegram bot. */
const requestsTo = (part: string) => receiver.requests.filter((r) => r.path.includes(part));

describe('a seller’s hooks: /me/hooks', () => {
  it('401 signed out on every route, with nothing stored', async () => {
    const hook = receiver.discord();
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/v1/me/hooks'],
      ['POST', '/api/v1/me/hooks'],
      ['POST', `/api/v1/me/hooks/${id}/test`],
      ['DELETE', `/api/v1/me/hooks/${id}`],
    ] as const) {
      const res = await call(t, method, url, undefined, { kind: 'discord', url: hook.url, events: ['sale'] });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await t.db.select().from(hooks)).toEqual([]);
  });

  it('400 with each field’s message; 422 for a URL that is not Discord’s', async () => {
    const seller = await buildSignedInUser(t);
    const add = (payload: object) => call(t, 'POST', '/api/v1/me/hooks', seller.cookie, payload);
    const fieldOf = async (payload: object, field: string) => {
      const res = await add(payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.fields[field];
    };
    const good = receiver.discord();
    expect(await fieldOf({ kind: 'slack', url: good.url, events: ['sale'] }, 'kind')).toBe(m.kindInvalid);
    expect(
      await fieldOf({ kind: 'discord', url: 'https://discord.com/not-a-hook', events: ['sale'] }, 'url'),
    ).toBe(m.discordUrlInvalid);
    // http: is refused by the form itself.
    expect(
      await fieldOf({ kind: 'discord', url: good.url.replace('https:', 'http:'), events: ['sale'] }, 'url'),
    ).toBe(m.discordUrlInvalid);
    expect(
      await fieldOf({ kind: 'telegram', botToken: 'nope', chatId: '-1001', events: ['sale'] }, 'botToken'),
    ).toBe(m.botTokenInvalid);
    const bot = receiver.telegram();
    expect(
      await fieldOf({ kind: 'telegram', botToken: bot.token, chatId: 'my chat', events: ['sale'] }, 'chatId'),
    ).toBe(m.chatIdInvalid);
    expect(await fieldOf({ kind: 'discord', url: good.url, events: [] }, 'events')).toBe(m.eventsRequired);
    // A seller's hook takes a seller's events only.
    expect(await fieldOf({ kind: 'discord', url: good.url, events: ['report'] }, 'events.0')).toBe(
      m.eventsInvalid,
    );

    const elsewhere = await add({
      kind: 'discord',
      url: `https://evil.example.com/api/webhooks/${good.id}/${good.token}`,
      events: ['sale'],
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error.fields.url).toBe(m.discordUrlInvalid);
    expect(await t.db.select().from(hooks).where(eq(hooks.userId, seller.id))).toEqual([]);
  });

  it('adds a hook with its secret encrypted and shown masked, lists it, and removes it; own hooks only', async () => {
    const seller = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const target = receiver.discord();
    const res = await call(t, 'POST', '/api/v1/me/hooks', seller.cookie, {
      kind: 'discord',
      url: target.url,
      events: ['sale', 'low_stock', 'sale'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json();
    expect(added).toMatchObject({
      kind: 'discord',
      events: ['sale', 'low_stock'],
      enabled: true,
      failures: 0,
    });
    expect(added.secretMasked).toBe(
      `${receiver.discordApiUrl}/webhooks/${target.id}/••••••••${target.token.slice(-4)}`,
    );
    expect(res.body).not.toContain(target.token);

    // At rest: no plaintext, and it decrypts to what was given.
    const row = await hookRow(t, added.id);
    expect(row).toMatchObject({ userId: seller.id, scope: 'seller' });
    expect(row!.secret).not.toContain(target.token);
    expect(row!.secret).not.toContain(target.id);
    expect(cipherOf(t).decrypt(row!.secret)).toBe(target.url);

    const list = await call(t, 'GET', '/api/v1/me/hooks', seller.cookie);
    expect(list.json().items).toEqual([added]);
    expect(list.body).not.toContain(target.token);
    expect((await call(t, 'GET', '/api/v1/me/hooks', other.cookie)).json().items).toEqual([]);

    // Another member's hook is not found for them, nor the staff's route for a member.
    expect((await call(t, 'DELETE', `/api/v1/me/hooks/${added.id}`, other.cookie)).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', `/api/v1/me/hooks/${added.id}/test`, other.cookie)).json().error.message,
    ).toBe(m.notFound);
    expect((await call(t, 'DELETE', '/api/v1/me/hooks/not-a-uuid', seller.cookie)).statusCode).toBe(400);
    const removed = await call(t, 'DELETE', `/api/v1/me/hooks/${added.id}`, seller.cookie);
    expect(removed.statusCode).toBe(204);
    expect(await hookRow(t, added.id)).toBeUndefined();
    expect((await call(t, 'DELETE', `/api/v1/me/hooks/${added.id}`, seller.cookie)).statusCode).toBe(404);
  });

  it('holds at most five hooks per seller (409)', async () => {
    const seller = await buildSignedInUser(t);
    for (let i = 0; i < 5; i++) await buildHook(t, { userId: seller.id, secret: receiver.discord().url });
    const res = await call(t, 'POST', '/api/v1/me/hooks', seller.cookie, {
      kind: 'discord',
      url: receiver.discord().url,
      events: ['sale'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.tooMany);
  });
});

describe('the staff hook: /admin/hooks', () => {
  it('is for admins (403 for members and moderators) and its changes are audited', async () => {
    const member = await buildSignedInUser(t);
    const moderator = await buildSignedInUser(t, { role: 'moderator' });
    const admin = await buildSignedInUser(t, { role: 'admin' });
    const bot = receiver.telegram();
    const body = {
      kind: 'telegram',
      botToken: bot.token,
      chatId: bot.chatId,
      events: ['report', 'withdrawal'],
    };
    expect((await call(t, 'POST', '/api/v1/admin/hooks', undefined, body)).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      expect((await call(t, 'POST', '/api/v1/admin/hooks', who.cookie, body)).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/v1/admin/hooks', who.cookie)).statusCode).toBe(403);
    }
    const sale = await call(t, 'POST', '/api/v1/admin/hooks', admin.cookie, { ...body, events: ['sale'] });
    expect(sale.json().error.fields['events.0']).toBe(m.eventsInvalid);

    const res = await call(t, 'POST', '/api/v1/admin/hooks', admin.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json();
    expect(added).toMatchObject({ kind: 'telegram', chatId: bot.chatId, events: ['report', 'withdrawal'] });
    const [botId, key] = bot.token.split(':');
    expect(added.secretMasked).toBe(`${botId}:••••••••${key!.slice(-4)}`);
    const row = await hookRow(t, added.id);
    expect(row).toMatchObject({ scope: 'staff', userId: admin.id });
    expect(row!.secret).not.toContain(key);

    // Another admin sees and manages the same staff hook; a seller's list does not show it.
    const second = await buildSignedInUser(t, { role: 'admin' });
    expect(
      (await call(t, 'GET', '/api/v1/admin/hooks', second.cookie))
        .json()
        .items.map((h: { id: string }) => h.id),
    ).toContain(added.id);
    expect((await call(t, 'GET', '/api/v1/me/hooks', admin.cookie)).json().items).toEqual([]);
    expect((await call(t, 'DELETE', `/api/v1/me/hooks/${added.id}`, admin.cookie)).statusCode).toBe(404);

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/v1/admin/hooks'],
      ['POST', `/api/v1/admin/hooks/${added.id}/test`],
      ['DELETE', `/api/v1/admin/hooks/${added.id}`],
    ] as const)
      expect((await call(t, method, url)).statusCode, `${method} ${url}`).toBe(401);
    expect((await call(t, 'POST', `/api/v1/admin/hooks/${added.id}/test`, moderator.cookie)).statusCode).toBe(
      403,
    );
    const missing = await call(t, 'POST', `/api/v1/admin/hooks/${unknown}/test`, admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.notFound);
    expect((await call(t, 'DELETE', `/api/v1/admin/hooks/${unknown}`, admin.cookie)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', '/api/v1/admin/hooks/nope', admin.cookie)).statusCode).toBe(400);

    expect((await call(t, 'DELETE', `/api/v1/admin/hooks/${added.id}`, second.cookie)).statusCode).toBe(204);
    expect(await hookRow(t, added.id)).toBeUndefined();
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'hook'), eq(auditLog.targetId, added.id)));
    expect(trail.map((a) => [a.action, a.actorId]).sort()).toEqual(
      [
        ['hook.add', admin.id],
        ['hook.remove', second.id],
      ].sort(),
    );
    expect(JSON.stringify(trail)).not.toContain(key);
  });
});

describe('events reach the receiver', () => {
  it('a sale and a low-stock warning go to the seller’s Discord hook, as Discord takes them', async () => {
    const seller = await buildUser(t, { username: `hook_seller_${Date.now() % 1e6}` });
    const buyer = await buildSignedInUser(t, { username: `hook_buyer_${Date.now() % 1e6}` });
    const target = receiver.discord();
    const h = await buildHook(t, { userId: seller.id, secret: target.url, events: ['sale', 'low_stock'] });
    const listing = await buildListing(t, { userId: seller.id, price: 30, stock: 3, lowStockThreshold: 3 });
    await fundUser(t, buyer.id, 30);
    const res = await call(t, 'POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
      expectedPrice: 30,
    });
    expect(res.statusCode, res.body).toBe(201);

    const messages = await receiver.waitFor(target.id, 2);
    const sold = messages.find((msg) => msg.body.content === 'Listing sold');
    const lowStock = messages.find((msg) => msg.body.content !== 'Listing sold');
    expect(sold?.body).toEqual({
      content: 'Listing sold',
      embeds: [
        {
          title: 'Listing sold',
          description: `${buyer.username} bought ${listing.title} for 30 credits.`,
          url: 'https://cheats.example/seller',
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect((lowStock!.body.embeds as Array<{ description: string }>)[0]!.description).toContain(
      listing.title,
    );
    await t.app.jobs.settle();
    const row = await hookRow(t, h.id);
    expect(row).toMatchObject({ failures: 0, lastError: null, enabled: true });
    expect(row!.lastSentAt).not.toBeNull();
  });

  it('a dispute goes to the seller’s Telegram bot and to the staff hook; a hook not taking it hears nothing', async () => {
    const buyer = await buildSignedInUser(t);
    const order = await buildOrder(t, { buyerId: buyer.id, price: 12 });
    const sellerBot = receiver.telegram();
    await buildHook(t, {
      userId: order.sellerId,
      kind: 'telegram',
      secret: sellerBot.token,
      chatId: sellerBot.chatId,
    });
    const quiet = receiver.discord();
    await buildHook(t, { userId: order.sellerId, secret: quiet.url, events: ['sale'] });
    const admin = await buildUser(t, { role: 'admin' });
    const staff = receiver.discord();
    await buildHook(t, { userId: admin.id, scope: 'staff', secret: staff.url, events: ['dispute'] });

    const reason = 'The key was already used <b>twice</b>';
    const res = await call(t, 'POST', `/api/v1/orders/${order.id}/dispute`, buyer.cookie, { reason });
    expect(res.statusCode, res.body).toBe(200);

    const [toSeller] = await receiver.waitFor(sellerBot.token.split(':')[0]!);
    expect(toSeller!.chatId).toBe(sellerBot.chatId);
    expect(toSeller!.body).toMatchObject({ chat_id: sellerBot.chatId, parse_mode: 'HTML' });
    // Member text is escaped for Telegram's HTML.
    expect(toSeller!.body.text).toContain('<b>Order disputed</b>');
    expect(toSeller!.body.text).toContain('already used &lt;b&gt;twice&lt;/b&gt;');
    const [toStaff] = await receiver.waitFor(staff.id);
    expect(toStaff!.body.content).toBe('New dispute');
    await t.app.jobs.settle();
    expect(receiver.received.filter((r) => r.hook === quiet.id)).toEqual([]);
  });

  it('the staff hook hears of new reports and withdrawal requests', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const bot = receiver.telegram();
    await buildHook(t, {
      userId: admin.id,
      scope: 'staff',
      kind: 'telegram',
      secret: bot.token,
      chatId: bot.chatId,
      events: ['report', 'withdrawal'],
    });
    const reporter = await buildSignedInUser(t);
    const author = await buildUser(t);
    const listing = await buildListing(t, { userId: author.id });
    const report = await call(t, 'POST', '/api/v1/reports', reporter.cookie, {
      target: { type: 'listing', id: listing.id },
      reason: 'This listing sells stolen accounts',
    });
    expect(report.statusCode, report.body).toBe(201);

    const member = await buildReadySeller(t, { salePrice: 2000 });
    const withdrawal = await call(t, 'POST', '/api/v1/wallet/withdrawals', member.cookie, {
      method: 'manual',
      credits: 1000,
      code: await codeOf(member),
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    const got = await receiver.waitFor(bot.token.split(':')[0]!, 2);
    const texts = got.map((g) => String(g.body.text));
    expect(texts.find((x) => x.startsWith('<b>New report</b>'))).toContain(
      `${reporter.username} reported a listing: This listing sells stolen accounts`,
    );
    expect(texts.find((x) => x.startsWith('<b>Withdrawal requested</b>'))).toContain(
      `${member.username} asked to withdraw 1000 credits by manual.`,
    );
  });

  it('“Send test” queues a test message to the hook', async () => {
    const seller = await buildSignedInUser(t);
    const target = receiver.discord();
    const h = await buildHook(t, { userId: seller.id, secret: target.url });
    const res = await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [msg] = await receiver.waitFor(target.id);
    expect((msg!.body.embeds as Array<{ description: string }>)[0]!.description).toBe(m.testText);
  });
});

describe('outgoing requests go to public https addresses only', () => {
  it('refuses a hook whose address is private or link-local when it is added', async () => {
    const seller = await buildSignedInUser(strict);
    const discord = await call(strict, 'POST', '/api/v1/me/hooks', seller.cookie, {
      kind: 'discord',
      url: 'https://169.254.169.254/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
      events: ['sale'],
    });
    expect(discord.statusCode).toBe(422);
    expect(discord.json().error.message).toBe(m.refused);
    const bot = receiver.telegram();
    const telegram = await call(strict, 'POST', '/api/v1/me/hooks', seller.cookie, {
      kind: 'telegram',
      botToken: bot.token,
      chatId: bot.chatId,
      events: ['sale'],
    });
    expect(telegram.statusCode).toBe(422);
    expect(await strict.db.select().from(hooks)).toEqual([]);
  });

  it('refuses at connection time a name whose DNS answer is loopback: nothing reaches the receiver', async () => {
    const seller = await buildSignedInUser(strict);
    const target = receiver.discord();
    const port = new URL(receiver.url).port;
    const h = await buildHook(strict, {
      userId: seller.id,
      secret: `https://localhost:${port}/api/webhooks/${target.id}/${target.token}`,
    });
    const res = await call(strict, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    expect(res.statusCode).toBe(200);
    await strict.app.jobs.settle();
    expect(requestsTo(target.id)).toEqual([]);
    expect(await hookRow(strict, h.id)).toMatchObject({ failures: 1, lastError: m.refused, enabled: true });
  });

  it('never follows a redirect: a 302 is a failure, and its Location is not asked', async () => {
    const seller = await buildSignedInUser(t);
    const elsewhere = receiver.discord();
    const redirecting = receiver.discord(['302']);
    const h = await buildHook(t, { userId: seller.id, secret: redirecting.url });
    await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    await t.app.jobs.settle();
    expect(requestsTo(redirecting.id).map((r) => r.status)).toEqual([302]);
    expect(requestsTo(elsewhere.id)).toEqual([]);
    expect(await hookRow(t, h.id)).toMatchObject({ failures: 1, lastError: '302', enabled: true });
    // Not retried: no later job of this hook waits.
    const waiting = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pgboss.job where name = 'hook-send' and state in ('created', 'retry')
        and data->>'hookId' = ${h.id}`,
    );
    expect(waiting[0]!.n).toBe(0);
  });
});

describe('small bodies', () => {
  it('refuses to send a body over 16 KB and reads at most 16 KB of an answer', async () => {
    const agent = publicHttpsAgent(true);
    const target = receiver.discord(['huge']);
    await expect(
      postJsonOutbound(agent, `${target.url}?wait=true`, { content: 'x'.repeat(20_000) }),
    ).rejects.toThrow('request body too large');
    expect(requestsTo(target.id)).toEqual([]);
    const answer = await postJsonOutbound(agent, `${target.url}?wait=true`, { content: 'hello' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(16_384);
    await expect(
      postJsonOutbound(agent, target.url.replace('https:', 'http:'), { content: 'hello' }),
    ).rejects.toThrow(/not a public address/);
    agent.destroy();
  });
});

describe('retries and switch-off', () => {
  it('backs off 10 s doubling, a fifth either way, at most an hour', () => {
    expect(backoffSeconds(0, () => 0.5)).toBe(10);
    expect(backoffSeconds(2, () => 0.5)).toBe(40);
    expect(backoffSeconds(0, () => 0)).toBe(8);
    expect(backoffSeconds(20, () => 0.5)).toBe(3600);
  });

  it('waits out Discord’s 429 retry_after, then delivers; a rate limit is not counted against the hook', async () => {
    const seller = await buildSignedInUser(t);
    const target = receiver.discord(['429']);
    const h = await buildHook(t, { userId: seller.id, secret: target.url });
    await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    await receiver.waitFor(target.id);
    const [limited, delivered] = requestsTo(target.id);
    expect([limited!.status, delivered!.status]).toEqual([429, 200]);
    expect(delivered!.at - limited!.at).toBeGreaterThanOrEqual(300);
    await t.app.jobs.settle();
    expect(await hookRow(t, h.id)).toMatchObject({ failures: 0, lastError: null });
  });

  it('waits out Telegram’s parameters.retry_after', async () => {
    const seller = await buildSignedInUser(t);
    const bot = receiver.telegram(undefined, ['429']);
    const h = await buildHook(t, {
      userId: seller.id,
      kind: 'telegram',
      secret: bot.token,
      chatId: bot.chatId,
    });
    await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    await receiver.waitFor(bot.token.split(':')[0]!);
    const [limited, delivered] = requestsTo(bot.token);
    expect([limited!.status, delivered!.status]).toEqual([429, 200]);
    expect(delivered!.at - limited!.at).toBeGreaterThanOrEqual(1000);
  });

  it('retries a 5xx after its back-off, and a success clears the failure count', async () => {
    const seller = await buildSignedInUser(t);
    const target = receiver.discord(['500']);
    const h = await buildHook(t, { userId: seller.id, secret: target.url });
    const before = Date.now();
    await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    await t.app.jobs.settle();
    expect(await hookRow(t, h.id)).toMatchObject({
      failures: 1,
      lastError: '500 500: Internal Server Error',
    });
    const [retry] = await rows<{ id: string; attempt: number; wait: number }>(
      t.db,
      sql`select id, (data->>'attempt')::int as attempt,
          extract(epoch from start_after)::float8 * 1000 as wait
        from pgboss.job where name = 'hook-send' and state = 'created' and data->>'hookId' = ${h.id}`,
    );
    expect(retry!.attempt).toBe(1);
    // The first back-off: 10 s, a fifth either way.
    expect(retry!.wait - before).toBeGreaterThanOrEqual(8000);
    expect(retry!.wait - Date.now()).toBeLessThanOrEqual(12_000);
    // Its time comes (moved forward rather than waited for).
    await t.db.execute(sql`update pgboss.job set start_after = now() where id = ${retry!.id}::uuid`);
    await receiver.waitFor(target.id);
    await t.app.jobs.settle();
    expect(await hookRow(t, h.id)).toMatchObject({ failures: 0, lastError: null, enabled: true });
    expect(MAX_ATTEMPTS).toBe(5);
  });

  it('gives up on a receiver that does not answer within 5 s, and retries it later', async () => {
    const seller = await buildSignedInUser(t);
    const target = receiver.discord(['hang']);
    const h = await buildHook(t, { userId: seller.id, secret: target.url });
    await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    await t.app.jobs.settle(20_000);
    const row = await hookRow(t, h.id);
    expect(row).toMatchObject({ failures: 1, lastError: 'no answer: no answer within 5000 ms' });
  }, 30_000);

  it('switches a hook off after ten failures in a row, and tells its owner by notification and mail', async () => {
    const seller = await buildSignedInUser(t);
    const target = receiver.discord(['500']);
    const h = await buildHook(t, { userId: seller.id, secret: target.url, failures: 9 });
    await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    await t.app.jobs.settle();
    expect(await hookRow(t, h.id)).toMatchObject({ failures: 10, enabled: false });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(note).toMatchObject({ type: 'hook_disabled', title: m.disabledTitle });
    expect(note!.content).toBe(m.disabled('Discord webhook', '500 500: Internal Server Error'));
    // The bell leads to the card that lists the hook.
    expect(notificationTarget(note!)).toBe('/seller');
    const mail = t.outbox.find((x) => x.to === seller.email);
    expect(mail?.subject).toContain(m.disabledTitle);
    expect(mail?.text).toContain('https://cheats.example/seller');
    // No retry is queued for a switched-off hook, and "Send test" says why.
    const test = await call(t, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    expect(test.statusCode).toBe(409);
    expect(test.json().error.message).toBe(m.notEnabled);
    expect((await call(t, 'GET', '/api/v1/me/hooks', seller.cookie)).json().items[0]).toMatchObject({
      enabled: false,
      failures: 10,
    });
  });

  it('switches off at once a Discord webhook that is gone (404, code 10015) or a Telegram token revoked (401)', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const gone = receiver.discord(['404']);
    const revoked = receiver.telegram(undefined, ['401']);
    const d = await buildHook(t, { userId: admin.id, scope: 'staff', secret: gone.url });
    const tg = await buildHook(t, {
      userId: admin.id,
      scope: 'staff',
      kind: 'telegram',
      secret: revoked.token,
      chatId: revoked.chatId,
    });
    const reporter = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: (await buildUser(t)).id });
    await call(t, 'POST', '/api/v1/reports', reporter.cookie, {
      target: { type: 'listing', id: listing.id },
      reason: 'Scam listing, do not buy',
    });
    await t.app.jobs.settle();
    expect(await hookRow(t, d.id)).toMatchObject({
      enabled: false,
      failures: 1,
      lastError: '404 Unknown Webhook',
    });
    expect(await hookRow(t, tg.id)).toMatchObject({ enabled: false, lastError: '401 Unauthorized' });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(notes.map((n) => n.type)).toEqual(['hook_disabled', 'hook_disabled']);
    expect(notes[0]!.data).toEqual({ hookPath: '/admin/settings' });
    expect(notificationTarget(notes[0]!)).toBe('/admin/settings');
  });
});

describe('production’s Discord addresses and the rate limits', () => {
  let real: TestApp;
  beforeAll(async () => {
    // No DISCORD_WEBHOOK_API_URL: Discord's own addresses, and the limits at their real size.
    real = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(() => real.close());

  it('takes discord.com and discordapp.com webhook URLs only; the stand-in bases are refused in production', async () => {
    const seller = await buildSignedInUser(real);
    const add = (url: string) =>
      call(real, 'POST', '/api/v1/me/hooks', seller.cookie, { kind: 'discord', url, events: ['sale'] });
    const path = '/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz0123456789';
    expect((await add(`https://discord.com${path}`)).statusCode).toBe(201);
    expect((await add(`https://discordapp.com${path.replace('/api/', '/api/v10/')}`)).statusCode).toBe(201);
    for (const url of [`https://discord.com.evil.example${path}`, `https://cdn.discord.com${path}`]) {
      const res = await add(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.fields.url).toBe(m.discordUrlInvalid);
    }
    expect(real.config.hooks).toEqual({
      discordApiUrls: ['https://discord.com/api', 'https://discordapp.com/api'],
      telegramApiUrl: 'https://api.telegram.org',
    });
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        DISCORD_WEBHOOK_API_URL: 'https://127.0.0.1:9/api',
      }),
    ).toThrow(/DISCORD_WEBHOOK_API_URL/);
  });

  it('counts test messages per member: the 11th in ten minutes is 429 with Retry-After', async () => {
    const seller = await buildSignedInUser(real);
    const h = await buildHook(real, {
      userId: seller.id,
      secret: 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz0123456789',
    });
    for (let i = 0; i < 10; i++)
      expect((await call(real, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie)).statusCode).toBe(200);
    const limited = await call(real, 'POST', `/api/v1/me/hooks/${h.id}/test`, seller.cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
