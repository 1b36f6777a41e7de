import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsMessages as m } from '../../../contract/messages.ts';
import { auditLog, siteSettings } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { saleTermsOf, saleTermsSql } from './service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { COMMUNITY_CHAT_URL: 'https://chat.example.com/invite' } });
  admin = await buildSignedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const put = (key: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/site-settings/${key}`,
    payload,
    headers: cookie ? { cookie } : {},
  });
/** The terms a purchase reads with its lock (saleTermsSql), as it reads them. */
const saleTerms = async (db: TestApp['db']) => {
  const [row] = await rows<{ terms: Record<string, unknown> }>(db, sql`select ${saleTermsSql()} as terms`);
  return saleTermsOf(row!.terms);
};
const readSetting = async (key: string) =>
  (await t.db.select().from(siteSettings).where(eq(siteSettings.key, key)))[0];

describe('GET /api/v1/site-settings', () => {
  it('is public and gives defaults and the external links from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/site-settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      supportStreamUrl: null,
      communityChatUrl: 'https://chat.example.com/invite',
      animations: { enabled: false, type: 'snow' },
      marketplaceFee: { percentage: 5 },
      siteTheme: { primaryColor: '#6366F1', secondaryColor: '#4F46E5' },
      themeTones: { primaryFill: '#595CD9', primaryText: '#5154C6', primaryTextDark: '#9597F5' },
      buyerProtection: { hours: 72 },
    });
    expect(await saleTerms(t.db)).toEqual({ feePercent: 5, protectionHours: 72 });
  });
});

describe('PUT /api/v1/admin/site-settings/:key', () => {
  it('requires a session, and admins only with the spec message', async () => {
    expect((await put('marketplace_fee', { percentage: 9 })).statusCode).toBe(401);
    for (const role of ['user', 'moderator'] as const) {
      const who = await buildSignedInUser(t, { role });
      const res = await put('marketplace_fee', { percentage: 9 }, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.onlyAdmins);
    }
    expect(await readSetting('marketplace_fee')).toBeUndefined();
  });

  it('answers 400 for an unknown key and each invalid value', async () => {
    const payments = { currency: 'EUR', creditsPerUnit: 100, minCredits: 100, maxCredits: 1000 };
    const withdrawals = { reserveDays: 7, minCredits: 100, feePercent: 2, addressHoldHours: 24 };
    expect((await put('nope', { a: 1 }, admin.cookie)).statusCode).toBe(400);
    const cases: [string, object, string, string][] = [
      ['marketplace_fee', { percentage: 51 }, 'percentage', m.feeRange],
      ['marketplace_fee', { percentage: -1 }, 'percentage', m.feeRange],
      ['site_theme', { primaryColor: 'red', secondaryColor: '#4F46E5' }, 'primaryColor', m.colorInvalid],
      ['buyer_protection', { hours: 0 }, 'hours', m.hoursRange],
      ['buyer_protection', { hours: 721 }, 'hours', m.hoursRange],
      ['payments', { ...payments, currency: 'usd' }, 'currency', m.currencyInvalid],
      ['payments', { ...payments, currency: 'JPY' }, 'currency', m.currencyNotInCents],
      ['payments', { ...payments, creditsPerUnit: 0 }, 'creditsPerUnit', m.creditsPerUnitRange],
      ['payments', { ...payments, minCredits: 0.5 }, 'minCredits', m.topUpRange],
      ['payments', { ...payments, minCredits: 900, maxCredits: 800 }, 'maxCredits', m.topUpRange],
      ['withdrawals', { ...withdrawals, reserveDays: 91 }, 'reserveDays', m.reserveRange],
      ['withdrawals', { ...withdrawals, minCredits: 0 }, 'minCredits', m.withdrawalMinRange],
      ['withdrawals', { ...withdrawals, feePercent: 51 }, 'feePercent', m.withdrawalFeeRange],
      ['withdrawals', { ...withdrawals, addressHoldHours: -1 }, 'addressHoldHours', m.addressHoldRange],
      [
        'external_links',
        { supportStreamUrl: 'javascript:alert(1)', communityChatUrl: null },
        'supportStreamUrl',
        m.urlInvalid,
      ],
    ];
    for (const [key, payload, field, message] of cases) {
      const res = await put(key, payload, admin.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const res = await put('animations', { enabled: true, type: 'lava' }, admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('stores, audits and serves each setting; stored links override configuration', async () => {
    const writes: [string, object][] = [
      ['animations', { enabled: true, type: 'fire' }],
      ['marketplace_fee', { percentage: 12 }],
      ['site_theme', { primaryColor: '#10B981', secondaryColor: '#047857' }],
      ['buyer_protection', { hours: 48 }],
      ['payments', { currency: 'EUR', creditsPerUnit: 50, minCredits: 100, maxCredits: 5000 }],
      ['withdrawals', { reserveDays: 3, minCredits: 200, feePercent: 1, addressHoldHours: 12 }],
      ['external_links', { supportStreamUrl: 'https://twitch.tv/x', communityChatUrl: '' }],
    ];
    for (const [key, value] of writes) {
      const res = await put(key, value, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await readSetting('site_theme'))?.updatedBy).toBe(admin.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/site-settings' });
    expect(res.json()).toEqual({
      supportStreamUrl: 'https://twitch.tv/x',
      communityChatUrl: null,
      animations: { enabled: true, type: 'fire' },
      marketplaceFee: { percentage: 12 },
      siteTheme: { primaryColor: '#10B981', secondaryColor: '#047857' },
      themeTones: { primaryFill: '#0C855D', primaryText: '#0B7A55', primaryTextDark: '#5CCFA9' },
      buyerProtection: { hours: 48 },
    });
    expect(await saleTerms(t.db)).toEqual({ feePercent: 12, protectionHours: 48 });

    await put('marketplace_fee', { percentage: 7 }, admin.cookie);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, 'marketplace_fee'));
    expect(entries.map((e) => [e.action, e.actorId, e.before, e.after])).toContainEqual([
      'settings.update',
      admin.id,
      { percentage: 12 },
      { percentage: 7 },
    ]);
  });
});
