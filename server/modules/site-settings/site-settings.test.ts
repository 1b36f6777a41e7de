import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { COMMUNITY_CHAT_URL: 'https://chat.example.com/invite' } });
});
afterAll(() => t.close());

describe('GET /api/v1/site-settings', () => {
  it('is public and gives the external links from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/site-settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      supportStreamUrl: null,
      communityChatUrl: 'https://chat.example.com/invite',
    });
  });
});
