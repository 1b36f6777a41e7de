import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { altchaFor } from '../test/altcha.ts';
import { buildUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { rateRules } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1', JOB_WORKERS: 'true' } });
});
afterAll(() => t.close());

// Sign-up and the reset request carry a solved challenge (issue 36), asked for from the same address.
const post = async (url: string, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: await altchaFor(t.app, url, ip) });

describe('rate limits', () => {
  it('keeps a slower ceiling per account, whatever the IP', async () => {
    // A tenth of every limit, so the ceiling is reached in a few scrypt checks.
    const scaled = await buildTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
    try {
      const user = await buildUser(scaled);
      const limit = Math.round(rateRules.signInPerAccount.limit * 0.1);
      expect(limit).toBeGreaterThan(Math.round(rateRules.signInPerAccountIp.limit * 0.1));
      for (let i = 0; i < limit; i++) {
        const res = await scaled.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: user.email, password: 'wrong-password' },
          remoteAddress: `10.0.0.${i + 1}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await scaled.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
        remoteAddress: '10.0.1.1',
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual({ code: 'RATE_LIMITED', message: messages.rateLimited });
    } finally {
      await scaled.close();
    }
  });

  it('locks wrong passwords out for the offending IP only, not for the owner elsewhere', async () => {
    const user = await buildUser(t);
    const { limit, windowSeconds } = rateRules.signInPerAccountIp;
    for (let i = 0; i < limit; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: user.email, password: 'wrong-password' },
        '203.0.113.5',
      );
      expect(res.statusCode).toBe(401);
    }
    const attacker = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      '203.0.113.5',
    );
    expect(attacker.statusCode).toBe(429);
    const retryAfter = Number(attacker.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    const owner = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      '203.0.113.6',
    );
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('reports the tightest declared limit in RateLimit-* headers, and Retry-After on a 429', async () => {
    const first = await post(
      '/api/auth/request-password-reset',
      { email: 'headers@example.com' },
      '10.7.0.1',
    );
    expect(first.statusCode).toBe(200);
    const { limit, windowSeconds } = rateRules.resetPerAccount;
    expect(first.headers['ratelimit-limit']).toBe(String(limit));
    expect(first.headers['ratelimit-remaining']).toBe(String(limit - 1));
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(windowSeconds);
    for (let i = 1; i < limit; i++)
      await post('/api/auth/request-password-reset', { email: 'headers@example.com' }, '10.7.0.1');
    const blocked = await post(
      '/api/auth/request-password-reset',
      { email: 'headers@example.com' },
      '10.7.0.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['ratelimit-remaining']).toBe('0');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
  });

  it('limits sign-ins per IP across accounts', async () => {
    const { limit } = rateRules.signInPerIp;
    for (let i = 0; i < limit; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: `nobody${i}@example.com`, password: 'x' },
        '192.0.2.7',
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/sign-in/email',
      { email: 'another@example.com', password: 'x' },
      '192.0.2.7',
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post(
      '/api/auth/sign-in/email',
      { email: 'another@example.com', password: 'x' },
      '192.0.2.8',
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits sign-ups per IP', async () => {
    const { limit } = rateRules.signUpPerIp;
    for (let i = 0; i < limit; i++) {
      const res = await post(
        '/api/auth/sign-up/email',
        { username: `ip_user_${i}`, email: `ip${i}@example.com`, password: 'longenough1' },
        '198.51.100.4',
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const blocked = await post(
      '/api/auth/sign-up/email',
      { username: 'ip_user_x', email: 'ipx@example.com', password: 'longenough1' },
      '198.51.100.4',
    );
    expect(blocked.statusCode).toBe(429);
  });

  it('limits reset emails per account', async () => {
    const user = await buildUser(t);
    await t.clearOutbox();
    const { limit } = rateRules.resetPerAccount;
    for (let i = 0; i < limit; i++) {
      expect(
        (await post('/api/auth/request-password-reset', { email: user.email }, `10.9.0.${i + 1}`)).statusCode,
      ).toBe(200);
    }
    expect(
      (await post('/api/auth/request-password-reset', { email: user.email }, '10.9.1.1')).statusCode,
    ).toBe(429);
    await t.app.jobs.settle();
    expect(t.outbox).toHaveLength(limit);
  });
});
