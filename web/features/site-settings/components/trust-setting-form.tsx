import { trustMessages as tm } from '../../../../contract/messages.ts';
import type { SiteSettingValue } from '../../../../contract/site.ts';
import { type TrustLevel, trustLevels } from '../../../../contract/trust.ts';
import { Checkbox } from '../../../components/ui/input.tsx';
import { type NumberField, NumberFields, SettingCard, useSettingForm } from './setting-card.tsx';

type Trust = SiteSettingValue<'trust'>;

const limitFields = [
  { name: 'linksPerPost', label: 'Links per post' },
  { name: 'imagesPerPost', label: 'Images per post' },
  { name: 'newContactsPerDay', label: 'New DM contacts a day' },
  { name: 'activeListings', label: 'Active listings at once' },
  { name: 'listingPriceCap', label: 'Listing price cap (credits)' },
] as const;

const thresholds: NumberField<Trust>[] = [
  {
    name: 'memberAfterDays',
    label: 'Member after (days)',
    min: 0,
    max: 365,
    hint: 'And a verified address.',
  },
  {
    name: 'memberAfterPosts',
    label: 'Member after (posts)',
    min: 0,
    max: 1000,
    hint: 'Forum threads, replies and social posts published.',
  },
  { name: 'trustedAfterDays', label: 'Trusted after (days)', min: 0, max: 365 },
  {
    name: 'trustedAfterSales',
    label: 'Trusted after (completed orders)',
    min: 0,
    max: 1000,
    hint: 'Released, as seller or buyer, with no dispute lost.',
  },
  {
    name: 'unverifiedContactsPerDay',
    label: 'Unverified address: new DM contacts a day',
    min: 0,
    wide: true,
    hint: 'Until verified: no links, no selling, no withdrawals.',
  },
];

/** One level's limits, its title before each label (the labels stay unique on the page). */
const levelLimits = (level: TrustLevel): NumberField<Trust>[] =>
  limitFields.map((f) => ({
    name: `limits.${level}.${f.name}`,
    label: `${tm.levelTitles[level]}: ${f.label}`,
    min: 0,
  }));

/** Trust levels: what unlocks Member and Trusted, the unverified allowance, and each level's limits. */
export function TrustForm({ value }: { value: Trust }) {
  const setting = useSettingForm('trust', value);
  const { form } = setting;
  return (
    <SettingCard
      title="Trust levels"
      saves="trust levels"
      setting={setting}
      className="grid gap-4 sm:grid-cols-2"
    >
      <NumberFields form={form} fields={thresholds} />
      {trustLevels.map((level) => (
        <fieldset
          key={level}
          className="grid gap-3 rounded-xl border border-line p-3 sm:col-span-2 sm:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold">{tm.levelTitles[level]}</legend>
          <NumberFields form={form} fields={levelLimits(level)} />
          <Checkbox
            label={`${tm.levelTitles[level]}: may withdraw`}
            {...form.register(`limits.${level}.withdrawals`)}
          />
        </fieldset>
      ))}
    </SettingCard>
  );
}
