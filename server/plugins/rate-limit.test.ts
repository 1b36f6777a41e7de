import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { buildUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { rateRules } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('rate limits', () => {
  it('limits sign-in attempts per account, whatever the IP', async () => {
    const user = await buildUser(t);
    const { limit } = rateRules.signInPerAccount;
    for (let i = 0; i < limit; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: user.email, password: 'wrong-password' },
        `10.0.0.${i + 1}`,
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      '10.0.1.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'RATE_LIMITED', message: messages.rateLimited });
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
    t.outbox.length = 0;
    const { limit } = rateRules.resetPerAccount;
    for (let i = 0; i < limit; i++) {
      expect(
        (await post('/api/auth/request-password-reset', { email: user.email }, `10.9.0.${i + 1}`)).statusCode,
      ).toBe(200);
    }
    expect(
      (await post('/api/auth/request-password-reset', { email: user.email }, '10.9.1.1')).statusCode,
    ).toBe(429);
    expect(t.outbox).toHaveLength(limit);
  });
});
