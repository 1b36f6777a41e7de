import { siteSettingsMessages as m } from '../../../contract/messages.ts';
import {
  type ExternalLinks,
  type PublicConfig,
  type SiteSettingKey,
  siteSettingDefaults,
  siteSettingSchemas,
} from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { can, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { publishAfterCommit } from '../realtime/bus.ts';
import * as q from './queries.ts';

/** A stored value, or the default when it is missing or no longer valid. */
function settingOr<K extends SiteSettingKey>(key: K, stored: unknown, fallback: unknown) {
  const parsed = siteSettingSchemas[key].safeParse(stored);
  return parsed.success ? parsed.data : fallback;
}

/** The public settings in one statement: stored values over defaults; stored links over configuration. */
export async function getPublicSettings(db: Db, links: ExternalLinks): Promise<PublicConfig> {
  const stored = new Map((await q.readAll(db)).map((r) => [r.key, r.value]));
  const ext = settingOr('external_links', stored.get('external_links'), links) as ExternalLinks;
  return {
    supportStreamUrl: ext.supportStreamUrl,
    communityChatUrl: ext.communityChatUrl,
    animations: settingOr(
      'animations',
      stored.get('animations'),
      siteSettingDefaults.animations,
    ) as PublicConfig['animations'],
    marketplaceFee: settingOr(
      'marketplace_fee',
      stored.get('marketplace_fee'),
      siteSettingDefaults.marketplace_fee,
    ) as PublicConfig['marketplaceFee'],
    siteTheme: settingOr(
      'site_theme',
      stored.get('site_theme'),
      siteSettingDefaults.site_theme,
    ) as PublicConfig['siteTheme'],
    buyerProtection: settingOr(
      'buyer_protection',
      stored.get('buyer_protection'),
      siteSettingDefaults.buyer_protection,
    ) as PublicConfig['buyerProtection'],
  };
}

/** The marketplace fee in percent (0–50), default 5: for the marketplace's sales. */
export async function getMarketplaceFeePercent(db: Db): Promise<number> {
  const value = settingOr(
    'marketplace_fee',
    await q.readOne(db, 'marketplace_fee'),
    siteSettingDefaults.marketplace_fee,
  );
  return (value as { percentage: number }).percentage;
}

/** The buyer-protection window in hours (1–720), default 72. */
export async function getBuyerProtectionHours(db: Db): Promise<number> {
  const value = settingOr(
    'buyer_protection',
    await q.readOne(db, 'buyer_protection'),
    siteSettingDefaults.buyer_protection,
  );
  return (value as { hours: number }).hours;
}

/** What a sale is made on, in one read: the fee in percent and the buyer-protection window in hours. */
export async function getSaleTerms(db: Db): Promise<{ feePercent: number; protectionHours: number }> {
  const stored = await q.readSome(db, ['marketplace_fee', 'buyer_protection']);
  const fee = settingOr(
    'marketplace_fee',
    stored.get('marketplace_fee'),
    siteSettingDefaults.marketplace_fee,
  );
  const window = settingOr(
    'buyer_protection',
    stored.get('buyer_protection'),
    siteSettingDefaults.buyer_protection,
  );
  return {
    feePercent: (fee as { percentage: number }).percentage,
    protectionHours: (window as { hours: number }).hours,
  };
}

/** Admins only; audited; every open page is told to refetch once the change commits. */
export async function updateSetting(db: Db, viewer: Viewer, key: SiteSettingKey, body: unknown) {
  ensure(can.administer(viewer), m.onlyAdmins);
  const parsed = siteSettingSchemas[key].safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  await db.transaction(async (tx) => {
    const before = await q.readOne(tx, key);
    await q.upsert(tx, key, parsed.data, viewer.id);
    await audit(tx, {
      actorId: viewer.id,
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
