import type { SiteSettingValue } from '../../../../contract/site.ts';
import { siteSettingsUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { trustLevelUi } from '../../../../contract/texts/trust-level-ui.ts';
import { type TrustLevel, trustLevels } from '../../../../contract/trust.ts';
import { Checkbox } from '../../../components/ui/input.tsx';
import { type NumberField, NumberFields, SettingForm } from './setting-card.tsx';

type Trust = SiteSettingValue<'trust'>;

// Built at render: the labels and hints are in the active language.
const limitFields = () =>
  [
    { name: 'linksPerPost', label: ui.linksPerPost },
    { name: 'imagesPerPost', label: ui.imagesPerPost },
    { name: 'newContactsPerDay', label: ui.newContactsPerDay },
    { name: 'activeListings', label: ui.activeListings },
    { name: 'listingPriceCap', label: ui.listingPriceCap },
  ] as const;

const thresholds = (): NumberField<Trust>[] => [
  { name: 'memberAfterDays', label: ui.memberAfterDays, min: 0, max: 365, hint: ui.memberAfterDaysHint },
  { name: 'memberAfterPosts', label: ui.memberAfterPosts, min: 0, max: 1000, hint: ui.memberAfterPostsHint },
  { name: 'trustedAfterDays', label: ui.trustedAfterDays, min: 0, max: 365 },
  {
    name: 'trustedAfterSales',
    label: ui.trustedAfterSales,
    min: 0,
    max: 1000,
    hint: ui.trustedAfterSalesHint,
  },
  {
    name: 'unverifiedContactsPerDay',
    label: ui.unverifiedContacts,
    min: 0,
    wide: true,
    hint: ui.unverifiedContactsHint,
  },
];

/** Each level's title in the active language. */
const levelTitle = (level: TrustLevel) => trustLevelUi[level];

/** One level's limits, its title before each label (the labels stay unique on the page). */
const levelLimits = (level: TrustLevel): NumberField<Trust>[] =>
  limitFields().map((f) => ({
    name: `limits.${level}.${f.name}`,
    label: ui.levelLimit(levelTitle(level), f.label),
    min: 0,
  }));

/** Trust levels: what unlocks Member and Trusted, the unverified allowance, and each level's limits. */
export function TrustForm({ value }: { value: Trust }) {
  return (
    <SettingForm setting="trust" value={value} layout="grid">
      {(form) => (
        <>
          <NumberFields form={form} fields={thresholds()} />
          {trustLevels.map((level) => (
            <fieldset
              key={level}
              className="grid gap-3 rounded-xl border border-line p-3 sm:col-span-2 sm:grid-cols-2"
            >
              <legend className="px-1 text-sm font-semibold">{levelTitle(level)}</legend>
              <NumberFields form={form} fields={levelLimits(level)} />
              <Checkbox
                label={ui.mayWithdraw(levelTitle(level))}
                {...form.register(`limits.${level}.withdrawals`)}
              />
            </fieldset>
          ))}
        </>
      )}
    </SettingForm>
  );
}
