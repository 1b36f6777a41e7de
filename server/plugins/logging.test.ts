import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { altchaFor } from '../test/altcha.ts';
import { buildSignedInUser, fundUser } from '../test/factories.ts';
import { buildTestApp } from '../test/test-app.ts';
import { totpNow } from '../test/totp.ts';

type Mode = 'production' | 'development';

/**
 * A full run of the calls that carry secrets (password, session cookie, reset link, content link, 2FA
 * secret and backup codes) against an app logging at trace level: no line may contain any of them.
 */
async function runWithSecrets(mode: Mode) {
  const lines: string[] = [];
  const t = await buildTestApp({
    env: { NODE_ENV: mode, LOG_LEVEL: 'trace', JOB_WORKERS: 'true' },
    logs: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) },
    devMailbox: true,
  });
  const secrets: Record<string, string> = {};
  const call = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...(cookie ? { cookie } : {}), ...(await altchaFor(t.app, url)) },
    });

  try {
    // Sign-up and sign-in through the routes, with a password nobody else uses.
    const password = 'log-secret-password-7391';
    secrets.password = password;
    const signUp = await call('POST', '/api/auth/sign-up/email', undefined, {
      username: 'logwatcher',
      email: 'logwatcher@example.com',
      password,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const signIn = await call('POST', '/api/auth/sign-in/email', undefined, {
      email: 'logwatcher@example.com',
      password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = [signIn.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    secrets.sessionCookie = cookie.split('=').slice(1).join('=');
    expect(secrets.sessionCookie.length).toBeGreaterThan(10);
    // A wrong password too: failures are where errors get logged.
    await call('POST', '/api/auth/sign-in/email', undefined, {
      email: 'logwatcher@example.com',
      password: 'wrong-secret-password-5512',
    });
    secrets.wrongPassword = 'wrong-secret-password-5512';

    // Two-factor: the secret and backup codes come back once, in the response only.
    const enable = await call('POST', '/api/auth/two-factor/enable', cookie, { password });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    secrets.totpSecret = new URL(totpURI).searchParams.get('secret')!;
    secrets.backupCode = backupCodes[0]!;
    const code = await totpNow(totpURI);
    const confirm = await call('POST', '/api/auth/two-factor/confirm', cookie, { code });
    expect(confirm.statusCode, confirm.body).toBe(200);

    // A password reset: the link goes to the dev mailbox (a file), never into the log.
    const reset = await call('POST', '/api/auth/request-password-reset', undefined, {
      email: 'logwatcher@example.com',
    });
    expect(reset.statusCode).toBe(200);
    await t.app.jobs.settle();
    const mailbox = path.join(t.config.dataDir, 'mailbox');
    // The mailbox also holds the security alert for turning two-factor on, with its own secret link.
    const mails = readdirSync(mailbox).map(
      (file) => JSON.parse(readFileSync(path.join(mailbox, file), 'utf8')) as { text: string },
    );
    const notMe = mails.map((m) => /https?:\/\/\S+security\/not-me#\S+/.exec(m.text)?.[0]).find(Boolean);
    expect(notMe).toBeDefined();
    secrets.notMeLink = notMe!;
    // Sign-up's verification link (issue 36) is a secret too.
    const verifyLink = mails.map((m) => /https?:\/\/\S+verify-email#\S+/.exec(m.text)?.[0]).find(Boolean);
    expect(verifyLink).toBeDefined();
    secrets.verifyLink = verifyLink!;
    const link = mails.map((m) => /https?:\/\/\S+reset-password#\S+/.exec(m.text)?.[0]).find(Boolean)!;
    secrets.resetLink = link;
    secrets.resetToken = decodeURIComponent(link.split('token=')[1]!);
    const used = await call('POST', '/api/auth/reset-password', undefined, {
      token: secrets.resetToken,
      newPassword: 'log-secret-new-password-2284',
    });
    expect(used.statusCode, used.body).toBe(200);
    secrets.newPassword = 'log-secret-new-password-2284';

    // A listing with a content link, bought: the link is in the create body and the buyer's answer.
    const seller = await buildSignedInUser(t);
    const buyer = await buildSignedInUser(t);
    await fundUser(t, buyer.id, 1000);
    const contentLink = 'https://files.example.com/log-secret-content-8841.zip';
    secrets.contentLink = contentLink;
    const created = await call('POST', '/api/v1/listings', seller.cookie, {
      title: 'Logged listing',
      game: 'Counter-Strike 2',
      type: 'cheat',
      detectionStatus: 'undetected',
      features: 'Aimbot, ESP',
      requirements: 'Windows 10+',
      description: 'A listing whose content link must never be logged.',
      contentLink,
      price: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const listingId = (created.json() as { id: string }).id;
    const bought = await call('POST', `/api/v1/listings/${listingId}/purchase`, buyer.cookie, {
      expectedPrice: 50,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    // A validation failure that echoes nothing but must not log the body either.
    await call('POST', '/api/v1/listings', seller.cookie, { contentLink, price: -1 });
  } finally {
    await t.close();
  }
  return { lines, secrets };
}

describe.each<Mode>(['production', 'development'])('logs in %s', (mode) => {
  let run: Awaited<ReturnType<typeof runWithSecrets>>;
  beforeAll(async () => {
    run = await runWithSecrets(mode);
  });

  it('hold no password, cookie, 2FA secret, reset link or content link in any line', () => {
    expect(run.lines.length).toBeGreaterThan(10);
    // Better Auth's own messages come through the same logger (the wrong password above).
    expect(run.lines.some((l) => l.includes('Invalid password'))).toBe(true);
    for (const [name, secret] of Object.entries(run.secrets)) {
      const leaking = run.lines.filter((line) => line.includes(secret));
      expect(leaking, `${name} appears in the log`).toEqual([]);
    }
  });

  it('write one line per request, saying method, path, status and time', () => {
    const requestLines = run.lines.filter((l) => l.includes('/api/v1/listings/') && l.includes('purchase'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/POST \/api\/v1\/listings\/[0-9a-f-]+\/purchase 201 [\d.]+ ms/);
    if (mode === 'production') {
      const parsed = JSON.parse(requestLines[0]!) as Record<string, unknown>;
      expect(parsed).toMatchObject({
        level: 30,
        // The request's id, as its own logger's lines carry it (the line is written without making that).
        reqId: expect.stringMatching(/^req-/),
        req: { method: 'POST', route: '/api/v1/listings/:id/purchase' },
        res: { statusCode: 201 },
      });
      expect(parsed.req).not.toHaveProperty('headers');
      for (const line of run.lines) expect(() => JSON.parse(line)).not.toThrow();
    } else {
      // pino-pretty: a readable line, not JSON.
      expect(requestLines[0]).toMatch(/INFO.*POST/);
      expect(() => JSON.parse(requestLines[0]!)).toThrow();
    }
  });

  it('log the dev mailbox by recipient, subject and file only', () => {
    const mailLines = run.lines.filter((l) => l.includes('dev mailbox'));
    expect(mailLines.length).toBeGreaterThan(0);
    if (mode === 'production') {
      const parsed = JSON.parse(mailLines[0]!) as Record<string, unknown>;
      expect(parsed).toMatchObject({
        to: 'logwatcher@example.com',
        file: expect.stringContaining('mailbox'),
      });
      expect(parsed).not.toHaveProperty('text');
    }
  });
});
