import type { z } from 'zod';
import { siteSettingsMessages as m } from '../../../contract/messages.ts';
import {
  type ExternalLinks,
  type PublicConfig,
  type SiteSettingKey,
  type SiteSettingValue,
  siteSettingDefaults,
  siteSettingSchemas,
} from '../../../contract/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import { validationError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canAdminister, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { publishAfterCommit } from '../realtime/bus.ts';
import * as q from './queries.ts';
import { themeTones } from './tones.ts';

/** A stored value when it is still valid, else the fallback (a key's default, or configuration for links). */
function settingOr<T>(schema: z.ZodType<T>, stored: unknown, fallback: NoInfer<T>): T {
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : fallback;
}

/** The settings that have a default: each stored value while it is still valid, else its default. */
function withDefaults(stored: Map<string, unknown>) {
  const [s, d] = [siteSettingSchemas, siteSettingDefaults];
  return {
    animations: settingOr(s.animations, stored.get('animations'), d.animations),
    marketplaceFee: settingOr(s.marketplace_fee, stored.get('marketplace_fee'), d.marketplace_fee),
    siteTheme: settingOr(s.site_theme, stored.get('site_theme'), d.site_theme),
    buyerProtection: settingOr(s.buyer_protection, stored.get('buyer_protection'), d.buyer_protection),
  };
}

/** The public settings in one statement: stored values over defaults; stored links over configuration. */
export async function getPublicSettings(db: Db, links: ExternalLinks): Promise<PublicConfig> {
  const stored = new Map((await q.readAll(db)).map((r) => [r.key, r.value]));
  const ext = settingOr(siteSettingSchemas.external_links, stored.get('external_links'), links);
  const settings = withDefaults(stored);
  return {
    supportStreamUrl: ext.supportStreamUrl,
    communityChatUrl: ext.communityChatUrl,
    ...settings,
    themeTones: themeTones(settings.siteTheme.primaryColor),
  };
}

/** The settings a sale is made on, as an expression for the purchase's first statement (read with its lock). */
export const saleTermsSql = () => q.storedValuesSql(['marketplace_fee', 'buyer_protection']);

/** What a sale is made on, from saleTermsSql's value: the fee in percent and the buyer-protection window in hours. */
export function saleTermsOf(stored: Record<string, unknown>): {
  feePercent: number;
  protectionHours: number;
} {
  const { marketplaceFee, buyerProtection } = withDefaults(new Map(Object.entries(stored)));
  return { feePercent: marketplaceFee.percentage, protectionHours: buyerProtection.hours };
}

/** The terms of top-ups and withdrawals (decision 032), stored values over defaults, in one read. */
export async function getMoneyTerms(db: Db) {
  const stored = await q.readSome(db, ['payments', 'withdrawals']);
  const [s, d] = [siteSettingSchemas, siteSettingDefaults];
  return {
    payments: settingOr(s.payments, stored.get('payments'), d.payments),
    withdrawals: settingOr(s.withdrawals, stored.get('withdrawals'), d.withdrawals),
  };
}

/** The review queue's rules (issue 36): the stored value over its default, in one read. */
export async function getReviewTerms(db: Db | Tx): Promise<SiteSettingValue<'review'>> {
  const stored = await q.readOne(db, 'review');
  return settingOr(siteSettingSchemas.review, stored, siteSettingDefaults.review);
}

/** One setting as stored, or its default (admins: the settings page's cards the public config leaves out). */
export async function getSetting(db: Db, viewer: Viewer, key: SiteSettingKey) {
  ensure(canAdminister(viewer), m.onlyAdmins);
  const stored = await q.readOne(db, key);
  const fallback = key === 'external_links' ? null : siteSettingDefaults[key];
  const parsed = siteSettingSchemas[key].safeParse(stored);
  return { key, value: (parsed.success ? parsed.data : fallback) as Record<string, unknown> | null };
}

/** Admins only; audited; every open page is told to refetch once the change commits. */
export async function updateSetting(db: Db, viewer: Viewer, key: SiteSettingKey, body: unknown) {
  ensure(canAdminister(viewer), m.onlyAdmins);
  const parsed = siteSettingSchemas[key].safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  await db.transaction(async (tx) => {
    const before = await q.readOne(tx, key);
    await q.upsert(tx, key, parsed.data, viewer.id);
    await audit(tx, viewer, {
      action: 'settings.update',
      targetType: 'site_setting',
      targetId: key,
      before: before ?? null,
      after: parsed.data,
    });
    await publishAfterCommit(tx, { room: 'site', event: 'site-settings', payload: { key } });
  });
  return { key, value: parsed.data as Record<string, unknown> };
}

/** The proof-of-work cost (issue 36): the stored value while valid, else the default. */
export async function getAntiBotSettings(db: Db) {
  return settingOr(
    siteSettingSchemas.anti_bot,
    await q.readOne(db, 'anti_bot'),
    siteSettingDefaults.anti_bot,
  );
}
