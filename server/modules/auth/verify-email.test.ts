import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEmailMessages } from '../../../contract/messages.ts';
import { profiles, verifications } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { altcha } from '../../test/altcha.ts';
import { buildSignedInUser, buildUser, signIn } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { JOB_WORKERS: 'true' } });
});
afterAll(() => t.close());

const post = async (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const mailTo = (email: string, subject: RegExp) =>
  t.outbox.filter((m) => m.to === email && subject.test(m.subject)).at(-1);
const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${path}#(?:type=recovery&)?token=([^\\s]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
};
/** Every job's data the queue holds, mail and otherwise, as one text. */
const jobData = async () =>
  JSON.stringify(await rows<{ name: string; data: unknown }>(t.db, sql`select name, data from pgboss.job`));
const verified = async (id: string) =>
  (await t.db.select({ v: profiles.emailVerified }).from(profiles).where(eq(profiles.id, id)))[0]!.v;

let serial = 0;
async function signUp() {
  serial++;
  const body = {
    username: `verifyme${serial}`,
    email: `verifyme${serial}@example.com`,
    password: 'longenough1',
  };
  const res = await post('/api/auth/sign-up/email', body, await altcha(t.app));
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.settle();
  const [row] = await t.db.select().from(profiles).where(eq(profiles.username, body.username));
  const mail = mailTo(body.email, /^Verify your/);
  expect(mail, 'verification mail').toBeDefined();
  return { ...body, id: row!.id, token: tokenIn(mail!.text, '/verify-email') };
}

describe('the verification link', () => {
  it('sign-up mails a link; the token is stored hashed and is in no job’s data', async () => {
    const member = await signUp();
    expect(await verified(member.id)).toBe(false);
    const mail = mailTo(member.email, /^Verify your/)!;
    expect(mail.subject).toBe('Verify your CheatMarket email address');
    expect(mail.text).toContain(`http://localhost:3000/verify-email#token=${member.token}`);
    const stored = await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `verify-email:${sha256(member.token)}`));
    expect(stored).toHaveLength(1);
    const hours = (stored[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const all = JSON.stringify(await t.db.select().from(verifications));
    expect(all).not.toContain(member.token);
    expect(await jobData()).not.toContain(member.token);
  });

  it('verifies the address once: a second use is refused', async () => {
    const member = await signUp();
    const res = await post('/api/auth/verify-email', { token: member.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await verified(member.id)).toBe(true);
    expect(
      await t.db
        .select()
        .from(verifications)
        .where(sql`${verifications.value} like ${`${member.id}:%`}`),
    ).toHaveLength(0);
    const again = await post('/api/auth/verify-email', { token: member.token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(verifyEmailMessages.invalidLink);
  });

  it('refuses a wrong token and an expired one, and verifies nothing', async () => {
    const member = await signUp();
    const wrong = await post('/api/auth/verify-email', { token: `${member.token}x` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: verifyEmailMessages.invalidLink,
      fields: { token: verifyEmailMessages.invalidLink },
    });
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `verify-email:${sha256(member.token)}`));
    const expired = await post('/api/auth/verify-email', { token: member.token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(verifyEmailMessages.invalidLink);
    expect(await verified(member.id)).toBe(false);
  });

  it('refuses a body without a token', async () => {
    const res = await post('/api/auth/verify-email', {});
    expect(res.statusCode).toBe(400);
  });

  it('GET /me tells the web app whether the address is verified', async () => {
    const member = await signUp();
    const cookie = await signIn(t, member);
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect((await me()).json().emailVerified).toBe(false);
    await post('/api/auth/verify-email', { token: member.token });
    expect((await me()).json().emailVerified).toBe(true);
  });
});

describe('POST /api/auth/send-verification-email', () => {
  it('is for members only', async () => {
    expect((await post('/api/auth/send-verification-email')).statusCode).toBe(401);
  });

  it('mails a new link; the old one still works until one of them is used', async () => {
    const member = await signUp();
    const cookie = await signIn(t, member);
    const res = await post('/api/auth/send-verification-email', undefined, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.settle();
    const token = tokenIn(mailTo(member.email, /^Verify your/)!.text, '/verify-email');
    expect(token).not.toBe(member.token);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    // Once verified, every other link of the member is gone.
    expect((await post('/api/auth/verify-email', { token: member.token })).statusCode).toBe(400);
  });

  it('answers 409 once the address is verified', async () => {
    const member = await buildSignedInUser(t);
    const res = await post('/api/auth/send-verification-email', undefined, { cookie: member.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(verifyEmailMessages.alreadyVerified);
  });

  it('is rate limited: a fourth request within 15 minutes gets 429', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const member = await buildUser(limited, { emailVerified: false });
      const cookie = await signIn(limited, member);
      const resend = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          headers: { cookie },
        });
      for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
      const res = await resend();
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('mail to an address nobody verified (issue 36 finding)', () => {
  it('a direct message’s notification mail, with the sender’s words, is not sent; to a verified member it is', async () => {
    const sender = await buildSignedInUser(t);
    const unverified = await buildUser(t, { emailVerified: false });
    const verifiedMember = await buildUser(t);
    for (const recipient of [unverified, verifiedMember]) {
      const res = await post(
        '/api/v1/messages',
        { recipientId: recipient.id, message: 'Buy cheap credits at evil.example' },
        { cookie: sender.cookie },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.jobs.settle();
    expect(t.outbox.filter((m) => m.to === unverified.email)).toEqual([]);
    const [mail] = t.outbox.filter((m) => m.to === verifiedMember.email);
    // CI once found no mail here after settle() (not reproduced in 12 runs, alone or four at once): if it
    // happens again, the queue's and the mail log's state say which step held it back.
    const state = mail
      ? ''
      : JSON.stringify({
          jobs: await rows(
            t.db,
            sql`select name, state, retry_count, start_after > now() as later, output from pgboss.job
              where name in ('notification-mail', 'mail') order by created_on`,
          ),
          mailLog: await rows(t.db, sql`select recipient, status, template from mail_log`),
        });
    expect(mail?.text, state).toContain('Buy cheap credits at evil.example');
    // Held back before any slot or mail: nothing recorded as sent to the unverified address.
    const logged = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from mail_log where recipient = ${unverified.email}`,
    );
    expect(logged[0]!.n).toBe(0);
  });

  it('account mail still goes out: the reset link reaches an unverified address', async () => {
    const member = await buildUser(t, { emailVerified: false });
    const res = await post('/api/auth/request-password-reset', { email: member.email }, await altcha(t.app));
    expect(res.statusCode).toBe(200);
    await t.app.jobs.settle();
    expect(mailTo(member.email, /^Reset your/)).toBeDefined();
  });
});

describe('secret links are made by the mail worker (issue 36 finding)', () => {
  it('after a reset request, no job’s data holds the token or the link, and the token is stored hashed', async () => {
    const member = await buildUser(t);
    const res = await post('/api/auth/request-password-reset', { email: member.email }, await altcha(t.app));
    expect(res.statusCode).toBe(200);
    await t.app.jobs.settle();
    const token = tokenIn(mailTo(member.email, /^Reset your/)!.text, '/reset-password');
    const data = await jobData();
    expect(data).not.toContain(token);
    expect(data).not.toContain(encodeURIComponent(token));
    expect(data).not.toContain('reset-password#');
    const plain = await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(plain).toHaveLength(0);
    // The link works (better-auth finds the hashed row).
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a-new-password-1' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('a security alert’s “This wasn’t me” link is in the mail only, and it works', async () => {
    const member = await buildSignedInUser(t);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: member.password, newPassword: 'changed-password-1' },
      { cookie: member.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.settle();
    const mail = mailTo(member.email, /password was changed/);
    expect(mail).toBeDefined();
    const token = tokenIn(mail!.text, '/security/not-me');
    const data = await jobData();
    expect(data).not.toContain(token);
    expect(data).not.toContain('not-me#');
    const notMe = await post('/api/v1/security/not-me', { token });
    expect(notMe.statusCode, notMe.body).toBe(200);
  });
});

describe('changing the address', () => {
  it('there is no route to change it (better-auth’s change-email is not reachable)', async () => {
    const member = await buildSignedInUser(t);
    const res = await post(
      '/api/auth/change-email',
      { newEmail: 'other@example.com' },
      { cookie: member.cookie },
    );
    expect(res.statusCode).toBe(404);
  });
});
