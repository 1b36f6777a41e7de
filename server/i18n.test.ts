import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locales } from '../contract/i18n/locales.ts';
import { mailTexts } from '../contract/mail.ts';
import { accountMessages, messages, notificationMessages, stockMessages } from '../contract/messages.ts';
import { notices } from '../contract/texts/notices.ts';
import { marketplaceOrders, notifications, userSettings } from './db/schema/index.ts';
import { rows } from './db/sql.ts';
import { inLocale } from './i18n.ts';
import { renderMail } from './modules/mail/templates.ts';
import { countedInMembersLanguage, memberLocale, notify } from './modules/notifications/service.ts';
import {
  buildForumCategory,
  buildForumThread,
  buildOrder,
  buildSignedInUser,
  buildTwoFactorUser,
  buildUser,
} from './test/factories.ts';
import { mailSuite, type TestSmtp } from './test/smtp.ts';
import type { TestApp } from './test/test-app.ts';

/** Issue 41: what the server says goes out in the reader's language (their setting, else Accept-Language). */
let t: TestApp;
let smtp: TestSmtp;
mailSuite((made) => {
  ({ t, smtp } = made);
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, headers, payload: payload as never });
const speakRussian = (userId: string) =>
  t.db
    .insert(userSettings)
    .values({ userId, locale: 'ru' })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { locale: 'ru' },
    });
/** A part the test SMTP server keeps as sent: base64 when it is mostly non-ASCII (Russian). */
const decoded = (part: string) =>
  /^[A-Za-z0-9+/=\s]+$/.test(part) ? Buffer.from(part.replace(/\s/g, ''), 'base64').toString('utf8') : part;
const badSettings = {
  emailNotifications: true,
  marketplaceUpdates: true,
  securityAlerts: true,
  digest: 'hourly',
};

describe('API errors in the caller’s language', () => {
  it('a validation error: Russian for Accept-Language ru and for a Russian member, English without; the code stays', async () => {
    const member = await buildSignedInUser(t);
    const english = await call('PUT', '/api/v1/me/settings', { cookie: member.cookie }, badSettings);
    expect(english.statusCode).toBe(400);
    expect(english.json().error).toEqual({
      code: 'VALIDATION',
      message: accountMessages.digestInvalid,
      fields: { digest: accountMessages.digestInvalid },
    });
    const russianBrowser = await call(
      'PUT',
      '/api/v1/me/settings',
      { cookie: member.cookie, 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
      badSettings,
    );
    expect(russianBrowser.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Сводка может быть выключена, ежедневной или еженедельной',
      fields: { digest: 'Сводка может быть выключена, ежедневной или еженедельной' },
    });
    await speakRussian(member.id);
    const russianMember = await call('PUT', '/api/v1/me/settings', { cookie: member.cookie }, badSettings);
    expect(russianMember.json().error.message).toBe(
      'Сводка может быть выключена, ежедневной или еженедельной',
    );
  });

  it('a validation error in German, Spanish, Brazilian Portuguese and Chinese, by Accept-Language (a region falls back on its language)', async () => {
    const member = await buildSignedInUser(t);
    const said = {
      'de-DE,de;q=0.9': 'Die Zusammenfassung muss aus, täglich oder wöchentlich sein',
      'es-MX': 'El resumen debe ser desactivado, diario o semanal',
      'pt-BR': 'O resumo precisa ser desativado, diário ou semanal',
      'pt-PT': 'O resumo precisa ser desativado, diário ou semanal',
      'zh-CN,zh;q=0.9': '摘要只能是关闭、每日或每周',
    };
    for (const [language, message] of Object.entries(said)) {
      const res = await call(
        'PUT',
        '/api/v1/me/settings',
        { cookie: member.cookie, 'accept-language': language },
        badSettings,
      );
      expect(res.statusCode, language).toBe(400);
      expect(res.json().error, language).toEqual({
        code: 'VALIDATION',
        message,
        fields: { digest: message },
      });
    }
  });

  it('a 403: Russian for a Russian member (whatever the browser says), English for an English browser', async () => {
    const member = await buildSignedInUser(t);
    const english = await call('GET', '/api/v1/admin/users', {
      cookie: member.cookie,
      'accept-language': 'en',
    });
    expect(english.statusCode).toBe(403);
    expect(english.json().error).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
    await speakRussian(member.id);
    const russian = await call('GET', '/api/v1/admin/users', {
      cookie: member.cookie,
      'accept-language': 'en',
    });
    expect(russian.statusCode).toBe(403);
    expect(russian.json().error).toEqual({ code: 'FORBIDDEN', message: 'У вас нет прав на это действие' });
  });

  it('a 409: two-factor sign-in already on, in Russian for Accept-Language ru, in English without', async () => {
    const member = await buildTwoFactorUser(t);
    const enable = (headers: Record<string, string>) =>
      call(
        'POST',
        '/api/auth/two-factor/enable',
        { cookie: member.cookie, ...headers },
        { password: member.password },
      );
    const russian = await enable({ 'accept-language': 'ru' });
    expect(russian.statusCode).toBe(409);
    expect(russian.json().error).toEqual({ code: 'CONFLICT', message: 'Двухфакторный вход уже включён' });
    const english = await enable({});
    expect(english.statusCode).toBe(409);
    expect(english.json().error).toEqual({
      code: 'CONFLICT',
      message: accountMessages.twoFactorAlreadyEnabled,
    });
  });
});

describe('notifications and mails in the recipient’s language', () => {
  it('a direct message: the Russian recipient’s notification and mail are in Russian, an English one’s in English', async () => {
    const alice = await buildSignedInUser(t);
    const boris = await buildUser(t);
    const bob = await buildUser(t);
    await speakRussian(boris.id);
    for (const to of [boris, bob]) {
      const res = await call(
        'POST',
        '/api/v1/messages',
        { cookie: alice.cookie },
        { recipientId: to.id, message: 'gg' },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.jobs.settle();
    const titles = async (userId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
    expect(await titles(boris.id)).toEqual(['Новое сообщение']);
    expect(await titles(bob.id)).toEqual([notificationMessages.newMessageTitle]);
    const [ru] = smtp.received.filter((m) => m.to[0] === boris.email);
    expect(ru?.subject).toBe('Новое сообщение — CheatMarket');
    expect(decoded(ru!.html)).toContain('<html lang="ru">');
    expect(decoded(ru!.text)).toContain('Отписаться от этих писем');
    const [en] = smtp.received.filter((m) => m.to[0] === bob.email);
    expect(en?.subject).toBe('New message — CheatMarket');
    expect(en!.text).toContain('Unsubscribe from these emails');
  });

  it('a security alert goes out in the recipient’s language', async () => {
    const boris = await buildSignedInUser(t);
    await speakRussian(boris.id);
    const res = await call(
      'POST',
      '/api/auth/change-password',
      { cookie: boris.cookie },
      { currentPassword: boris.password, newPassword: 'a-new-password-42', revokeOtherSessions: false },
    );
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.settle();
    const alert = smtp.received.find((m) => m.to[0] === boris.email);
    expect(alert?.subject).toBe('Пароль от вашего аккаунта CheatMarket изменён');
    expect(decoded(alert!.text)).toContain(`Привет, ${boris.username}!`);
    expect(decoded(alert!.html)).toContain('Это был не я');
    // The device facts are worded too: no English left for a user agent the server could not read.
    expect(decoded(alert!.text)).toContain('Устройство: Неизвестное устройство');
    expect(decoded(alert!.text)).toContain('Браузер: Неизвестный браузер');
    expect(decoded(alert!.text)).not.toMatch(/Unknown/);
  });

  it('an order’s notifications are written in each party’s language: a confirmed delivery to a Russian seller', async () => {
    const seller = await buildUser(t);
    await speakRussian(seller.id);
    const buyer = await buildSignedInUser(t);
    const order = await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id, price: 30 });
    const [row] = await t.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, order.id));
    const res = await call('POST', `/api/v1/orders/${order.id}/confirm`, { cookie: buyer.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.type, 'order_completed')));
    const credits = row!.price - row!.fee;
    // 30 less a fee below 10 %: 27 to 30 credits, each a Russian plural form the message names.
    const [one, few] = [
      credits % 10 === 1 && credits % 100 !== 11,
      [2, 3, 4].includes(credits % 10) && ![12, 13, 14].includes(credits % 100),
    ];
    const word = one ? 'кредит' : few ? 'кредита' : 'кредитов';
    // The sale itself, written in the purchase's one statement, told the seller in Russian too.
    const [sold] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.type, 'order_new')));
    expect(sold).toMatchObject({
      title: 'Листинг продан',
      content: `${buyer.username} купил(а) «${row!.listingTitle}». Кредиты удерживаются, пока покупатель не подтвердит получение.`,
    });
    expect(note).toMatchObject({
      title: 'Оплата перечислена',
      content: `${buyer.username} подтвердил(а) получение «${row!.listingTitle}». На ваш кошелёк зачислено: ${credits} ${word}.`,
    });
  });

  it('one statement notifying many members words each notice in its member’s language: a mention of two', async () => {
    const [author, boris, bob] = await Promise.all([buildSignedInUser(t), buildUser(t), buildUser(t)]);
    await speakRussian(boris.id);
    const categoryId = (await buildForumCategory(t)).id;
    const thread = await buildForumThread(t, { userId: author.id, categoryId, title: 'Настройки прицела' });
    const reply = await call(
      'POST',
      `/api/v1/forum/threads/${thread.id}/replies`,
      { cookie: author.cookie },
      { content: `@${boris.username} @${bob.username} have a look` },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const titleOf = async (userId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
    expect(await titleOf(boris.id)).toEqual([`${author.username} упомянул(а) вас`]);
    expect(await titleOf(bob.id)).toEqual([`${author.username} mentioned you`]);
  });

  it('Russian plurals for 1, 2, 5 and 21 in a notification and in a mail', async () => {
    const boris = await buildUser(t);
    await speakRussian(boris.id);
    for (const n of [1, 2, 5, 21]) {
      await notify(t.db, {
        userId: boris.id,
        type: 'stock_low',
        title: stockMessages.lowStockTitle,
        content: (l) => inLocale(l, stockMessages).lowStock('Aimbot', n),
      });
    }
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, boris.id));
    expect(rows.map((r) => r.title)).toEqual(Array(4).fill('Заканчивается запас'));
    expect(rows.map((r) => r.content).sort()).toEqual(
      [
        'Aimbot: в наличии осталась 1 штука.',
        'Aimbot: в наличии осталось 2 штуки.',
        'Aimbot: в наличии осталось 5 штук.',
        'Aimbot: в наличии осталась 21 штука.',
      ].sort(),
    );
    const ctx = {
      siteName: 'CheatMarket',
      color: '#595CD9',
      publicUrl: 'http://localhost:3000',
      locale: 'ru' as const,
    };
    const digest = (n: number) =>
      renderMail('digest', ctx, { unreadCount: n, unread: [], threads: [], listings: [], link: 'http://x' })
        .text;
    expect(digest(1)).toContain('1 непрочитанное уведомление');
    expect(digest(2)).toContain('2 непрочитанных уведомления');
    expect(digest(5)).toContain('5 непрочитанных уведомлений');
    expect(digest(21)).toContain('21 непрочитанное уведомление');
    // The English mail is the source's words.
    expect(
      renderMail(
        'digest',
        { ...ctx, locale: 'en' },
        { unreadCount: 2, unread: [], threads: [], listings: [], link: 'http://x' },
      ).text,
    ).toContain(mailTexts.unreadCount(2));
  });

  it('a grouped notice counting on in its statement: every language’s plural form for each count, as the catalogue words it', async () => {
    const counts = [
      0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 100, 101, 102, 111, 112, 121, 125, 199, 200, 201, 211, 222,
      999,
    ];
    for (const locale of locales) {
      const member = await buildUser(t);
      if (locale !== 'en') await t.db.insert(userSettings).values({ userId: member.id, locale });
      const worded = await rows<{ n: number; text: string }>(
        t.db,
        sql`select c as n, ${countedInMembersLanguage(
          memberLocale(sql`${member.id}::uuid`),
          (l, n, thread) => inLocale(l, notices).newReplies(n, thread),
          sql`c`,
          [sql`${'Настройки прицела'}::text`],
        )} as text from unnest(${`{${counts.join(',')}}`}::int[]) as c`,
      );
      expect(
        worded.map((r) => [Number(r.n), r.text]),
        locale,
      ).toEqual(counts.map((n) => [n, inLocale(locale, notices).newReplies(n, 'Настройки прицела')]));
    }
    // English is the source's own words.
    expect(inLocale('en', notices).newReplies(3, 'x')).toBe('3 new replies in x');
  });

  it('grouped forum notices count on in the watcher’s language: "3 новых ответа", "5 новых ответов", "2 упоминания"', async () => {
    const [author, boris, replier] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    await speakRussian(author.id);
    await speakRussian(boris.id);
    const categoryId = (await buildForumCategory(t)).id;
    const thread = await buildForumThread(t, { userId: author.id, categoryId, title: 'Настройки прицела' });
    const replyAs = async (cookie: string, content: string) => {
      const res = await call('POST', `/api/v1/forum/threads/${thread.id}/replies`, { cookie }, { content });
      expect(res.statusCode, res.body).toBe(201);
    };
    const contentsOf = async (userId: string, type: 'forum_reply' | 'forum_mention') =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
      ).map((n) => n.content);
    const watch = await call(
      'PUT',
      `/api/v1/forum/threads/${thread.id}/watch`,
      { cookie: author.cookie },
      {
        watching: true,
      },
    );
    expect(watch.statusCode, watch.body).toBe(200);
    for (let i = 1; i <= 5; i++) {
      await replyAs(replier.cookie, `Reply number ${i}`);
      if (i === 3)
        expect(await contentsOf(author.id, 'forum_reply')).toEqual(['3 новых ответа в «Настройки прицела»']);
    }
    expect(await contentsOf(author.id, 'forum_reply')).toEqual(['5 новых ответов в «Настройки прицела»']);
    await replyAs(replier.cookie, `@${boris.username} look`);
    await replyAs(replier.cookie, `@${boris.username} and again`);
    expect(await contentsOf(boris.id, 'forum_mention')).toEqual(['2 упоминания в «Настройки прицела»']);
  });
});
