import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionMessages } from '../../../contract/messages.ts';
import {
  knownDevices,
  loginEvents,
  securityAlertTokens,
  sessions,
  userSettings,
} from '../../db/schema/index.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { CHROME_WINDOWS, cookiesOf, FIREFOX_LINUX, signInFrom } from '../../test/browser.ts';
import { buildSignedInUser, buildUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { totpNow } from '../../test/totp.ts';
import { hashAlertToken, runSecurityAlert, securityAlertMail } from './alerts.ts';
import { networkOf } from './user-agent.ts';

let t: TestApp;
beforeAll(async () => {
  // Alerts are queue jobs: this file runs the workers (test apps only enqueue by default).
  t = await buildTestApp({ env: { JOB_WORKERS: 'true' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.clearOutbox();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

/** Mails sent to this member once every due job (the alert, then its mail) has run. */
async function mailsTo(user: { email: string }): Promise<MailMessage[]> {
  await t.app.jobs.settle();
  return t.outbox.filter((m) => m.to === user.email);
}
const notMeToken = (mail: MailMessage) => /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

describe('new sign-in alerts', () => {
  it('the first sign-in after sign-up does not alert, and remembers its device and network', async () => {
    const user = await buildSignedInUser(t);
    expect(await mailsTo(user)).toEqual([]);
    const pairs = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(pairs).toHaveLength(1);
  });

  it('fires once per new device, and again for a new network, naming device, browser, network and time', async () => {
    const user = await buildSignedInUser(t);
    await signInFrom(t, user, FIREFOX_LINUX, '198.51.100.20');
    const first = await mailsTo(user);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('New sign-in to your CheatMarket account');
    expect(first[0]!.text).toContain('Browser: Firefox 128 on Linux');
    expect(first[0]!.text).toContain('Device: Computer');
    expect(first[0]!.text).toContain('Approximate network: 198.51.100.0/24');
    expect(first[0]!.text).not.toContain('198.51.100.20');
    expect(first[0]!.text).toMatch(/Time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(first[0]!.text).toContain('http://localhost:3000/security/not-me#token=');
    expect(first[0]!.html).toContain("This wasn't me");

    // Same device, same /24: nothing.
    await t.clearOutbox();
    await signInFrom(t, user, FIREFOX_LINUX, '198.51.100.99');
    expect(await mailsTo(user)).toEqual([]);

    // Same device, another network: one mail.
    await signInFrom(t, user, FIREFOX_LINUX, '192.0.2.5');
    const second = await mailsTo(user);
    expect(second).toHaveLength(1);
    expect(second[0]!.text).toContain('Approximate network: 192.0.2.0/24');

    // A new browser on a known network: one mail.
    await t.clearOutbox();
    await signInFrom(t, user, CHROME_WINDOWS, '192.0.2.5');
    expect(await mailsTo(user)).toHaveLength(1);
    const pairs = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(pairs).toHaveLength(4);
  });

  it("a later sign-in alerts even when its job runs before the first sign-in's (retries, several instances)", async () => {
    const user = await buildUser(t);
    const at = (iso: string) => new Date(iso);
    const [first, second] = await t.db
      .insert(loginEvents)
      .values([
        {
          userId: user.id,
          ipAddress: '127.0.0.1',
          userAgent: 'Unknown',
          createdAt: at('2026-11-24T10:00:00Z'),
        },
        {
          userId: user.id,
          ipAddress: '192.0.2.5',
          userAgent: FIREFOX_LINUX,
          createdAt: at('2026-11-24T10:05:00Z'),
        },
      ])
      .returning({ id: loginEvents.id });
    const job = (loginEventId: string, userAgent: string, ipAddress: string) =>
      ({
        kind: 'new-sign-in',
        userId: user.id,
        userAgent,
        ipAddress,
        at: '2026-11-24T10:05:00Z',
        loginEventId,
      }) as const;

    await runSecurityAlert(t.db, job(second!.id, FIREFOX_LINUX, '192.0.2.5'), randomUUID());
    const mails = await mailsTo(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Browser: Firefox 128 on Linux');

    // The first sign-in's job, late: still the first, so no mail; its pair is remembered.
    await t.clearOutbox();
    await runSecurityAlert(t.db, job(first!.id, 'Unknown', '127.0.0.1'), randomUUID());
    expect(await mailsTo(user)).toEqual([]);
    const pairs = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(pairs).toHaveLength(2);
  });

  it('a job run again after its completion was lost queues no second mail', async () => {
    const user = await buildUser(t);
    await t.clearOutbox();
    const job = { kind: 'password-changed', userId: user.id, at: new Date().toISOString() } as const;
    await runSecurityAlert(t.db, job, 'a3c1f0de-0000-4000-8000-000000000001');
    await runSecurityAlert(t.db, job, 'a3c1f0de-0000-4000-8000-000000000001');
    expect(await mailsTo(user)).toHaveLength(1);
    // A second change is a second job, and a second mail.
    await runSecurityAlert(t.db, job, 'a3c1f0de-0000-4000-8000-000000000002');
    expect(await mailsTo(user)).toHaveLength(2);
  });

  it('a member who turned security alerts off gets no mail', async () => {
    const user = await buildSignedInUser(t);
    const off = await call('PUT', '/api/v1/me/settings', user.cookie, {
      emailNotifications: true,
      marketplaceUpdates: true,
      securityAlerts: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await signInFrom(t, user, FIREFOX_LINUX, '198.51.100.20');
    expect(await mailsTo(user)).toEqual([]);
  });

  it('staff get it even with the switch off in the database, and the API refuses turning it off', async () => {
    const mod = await buildSignedInUser(t, { role: 'moderator' });
    await t.db.insert(userSettings).values({ userId: mod.id, securityAlerts: false });
    const refused = await call('PUT', '/api/v1/me/settings', mod.cookie, {
      emailNotifications: true,
      marketplaceUpdates: true,
      securityAlerts: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: sessionMessages.staffAlertsAlwaysOn,
      fields: { securityAlerts: sessionMessages.staffAlertsAlwaysOn },
    });
    const settings = await call('GET', '/api/v1/me/settings', mod.cookie);
    expect(settings.json()).toMatchObject({ securityAlerts: true });
    await signInFrom(t, mod, FIREFOX_LINUX, '198.51.100.20');
    expect(await mailsTo(mod)).toHaveLength(1);
  });
});

describe('account change alerts', () => {
  it('a password change alerts', async () => {
    const user = await buildSignedInUser(t);
    const res = await call('POST', '/api/auth/change-password', user.cookie, {
      currentPassword: user.password,
      newPassword: 'another-horse-10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(user);
    expect(mails.map((m) => m.subject)).toEqual(['Your CheatMarket password was changed']);
  });

  it('turning two-factor on and off alerts each time', async () => {
    const user = await buildSignedInUser(t);
    const enable = await call('POST', '/api/auth/two-factor/enable', user.cookie, {
      password: user.password,
    });
    const { totpURI } = enable.json() as { totpURI: string };
    expect(await mailsTo(user)).toEqual([]);
    const confirm = await call('POST', '/api/auth/two-factor/confirm', user.cookie, {
      code: await totpNow(totpURI),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual(['Two-factor sign-in turned on']);
    const cookie = cookiesOf(confirm) || user.cookie;
    const disable = await call('POST', '/api/auth/two-factor/disable', cookie, { password: user.password });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual([
      'Two-factor sign-in turned on',
      'Two-factor sign-in turned off',
    ]);
  });

  it('a ban and a role change alert the member', async () => {
    const admin = await buildSignedInUser(t, { role: 'admin' });
    const member = await buildSignedInUser(t);
    const promote = await call('PATCH', `/api/v1/admin/users/${member.id}`, admin.cookie, {
      role: 'moderator',
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const afterRole = await mailsTo(member);
    expect(afterRole.map((m) => m.subject)).toEqual(['Your CheatMarket role changed']);
    expect(afterRole[0]!.text).toContain('changed to moderator');
    const ban = await call('PATCH', `/api/v1/admin/users/${member.id}`, admin.cookie, { banned: true });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await mailsTo(member)).map((m) => m.subject)).toEqual([
      'Your CheatMarket role changed',
      'Your CheatMarket account was banned',
    ]);
    // Unbanning is not an alert.
    await call('PATCH', `/api/v1/admin/users/${member.id}`, admin.cookie, { banned: false });
    expect(await mailsTo(member)).toHaveLength(2);
  });
});

describe("POST /api/v1/security/not-me (This wasn't me)", () => {
  async function alerted() {
    const user = await buildSignedInUser(t);
    const other = await signInFrom(t, user, FIREFOX_LINUX, '198.51.100.20');
    const [mail] = await mailsTo(user);
    await t.clearOutbox();
    return { user, other, token: notMeToken(mail!) };
  }

  it('ends every session of the member and sends the reset mail', async () => {
    const { user, other, token } = await alerted();
    const res = await call('POST', '/api/v1/security/not-me', undefined, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await call('GET', '/api/v1/me', user.cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/me', other)).statusCode).toBe(401);
    const mails = await mailsTo(user);
    expect(mails.map((m) => m.subject)).toEqual(['Reset your CheatMarket password']);
    expect(mails[0]!.text).toContain('/reset-password#type=recovery&token=');
    const [row] = await t.db
      .select()
      .from(securityAlertTokens)
      .where(eq(securityAlertTokens.tokenHash, hashAlertToken(token)));
    expect(row!.usedAt).not.toBeNull();
  });

  it('forgets the device and network the alert was about: a sign-in from them alerts again (issue 36 finding)', async () => {
    const { user, token } = await alerted();
    expect((await call('POST', '/api/v1/security/not-me', undefined, { token })).statusCode).toBe(200);
    await mailsTo(user);
    await t.clearOutbox();
    await signInFrom(t, user, FIREFOX_LINUX, '198.51.100.20');
    const mails = await mailsTo(user);
    expect(mails.map((m) => m.subject)).toEqual(['New sign-in to your CheatMarket account']);
  });

  it('the password set with the reset link that follows is alerted as a password change', async () => {
    const { user, token } = await alerted();
    await call('POST', '/api/v1/security/not-me', undefined, { token });
    const [reset] = await mailsTo(user);
    const resetToken = decodeURIComponent(/[#&]token=([^&\s]+)/.exec(reset!.text)![1]!);
    await t.clearOutbox();
    const res = await call('POST', '/api/auth/reset-password', undefined, {
      token: resetToken,
      newPassword: 'brand-new-horse-11',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual(['Your CheatMarket password was changed']);
  });

  it('refuses a used token', async () => {
    const { token } = await alerted();
    expect((await call('POST', '/api/v1/security/not-me', undefined, { token })).statusCode).toBe(200);
    const again = await call('POST', '/api/v1/security/not-me', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(sessionMessages.notMeLinkInvalid);
  });

  it('refuses an expired token and leaves the sessions alone', async () => {
    const { user, token } = await alerted();
    await t.db
      .update(securityAlertTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(securityAlertTokens.tokenHash, hashAlertToken(token)));
    const res = await call('POST', '/api/v1/security/not-me', undefined, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(sessionMessages.notMeLinkInvalid);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
    expect(await mailsTo(user)).toEqual([]);
  });

  it('refuses a forged token and an empty one', async () => {
    const { user, token } = await alerted();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await call('POST', '/api/v1/security/not-me', undefined, { token: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(sessionMessages.notMeLinkInvalid);
    const empty = await call('POST', '/api/v1/security/not-me', undefined, { token: '' });
    expect(empty.statusCode).toBe(400);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });
});

describe('the alert mail', () => {
  it('escapes a forged user agent in the HTML part', () => {
    const mail = securityAlertMail('new-sign-in', {
      username: '<b>x</b>',
      userAgent: '<script>alert(1)</script>',
      ipAddress: '2001:db8:abcd:12::1',
      notMeLink: 'http://localhost:3000/security/not-me#token=abc',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.text).toContain('Approximate network: 2001:db8:abcd::/48');
  });

  it('masks networks: IPv4 /24, IPv6 /48, mapped IPv4', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:0db8:0001:0002::5')).toBe('2001:db8:1::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('junk')).toBe('Unknown');
  });
});
