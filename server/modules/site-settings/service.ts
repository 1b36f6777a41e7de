import { siteSettingsMessages as m } from '../../../contract/messages.ts';
import {
  type ExternalLinks,
  type PublicConfig,
  type SiteSettingKey,
  type SiteSettingValue,
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

type Defaulted = Exclude<SiteSettingKey, 'external_links'>;

/** A stored value, or the fallback (the key's default unless given) when it is missing or no longer valid. */
function settingOr<K extends SiteSettingKey>(
  key: K,
  stored: unknown,
  ...fallback: K extends Defaulted ? [SiteSettingValue<K>?] : [SiteSettingValue<K>]
): SiteSettingValue<K> {
  const parsed = siteSettingSchemas[key].safeParse(stored);
  if (parsed.success) return parsed.data as SiteSettingValue<K>;
  return (fallback[0] ?? siteSettingDefaults[key as Defaulted]) as SiteSettingValue<K>;
}

/** The public settings in one statement: stored values over defaults; stored links over configuration. */
export async function getPublicSettings(db: Db, links: ExternalLinks): Promise<PublicConfig> {
  const stored = new Map((await q.readAll(db)).map((r) => [r.key, r.value]));
  const ext = settingOr('external_links', stored.get('external_links'), links);
  return {
    supportStreamUrl: ext.supportStreamUrl,
    communityChatUrl: ext.communityChatUrl,
    animations: settingOr('animations', stored.get('animations')),
    marketplaceFee: settingOr('marketplace_fee', stored.get('marketplace_fee')),
    siteTheme: settingOr('site_theme', stored.get('site_theme')),
    buyerProtection: settingOr('buyer_protection', stored.get('buyer_protection')),
  };
}

/** What a sale is made on, in one read: the fee in percent and the buyer-protection window in hours. */
export async function getSaleTerms(db: Db): Promise<{ feePercent: number; protectionHours: number }> {
  const stored = await q.readSome(db, ['marketplace_fee', 'buyer_protection']);
  return {
    feePercent: settingOr('marketplace_fee', stored.get('marketplace_fee')).percentage,
    protectionHours: settingOr('buyer_protection', stored.get('buyer_protection')).hours,
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
