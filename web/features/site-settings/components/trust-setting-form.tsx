import { trustMessages as tm } from '../../../../contract/messages.ts';
import type { SiteSettingValue } from '../../../../contract/site.ts';
import { trustLevels } from '../../../../contract/trust.ts';
import { Checkbox, Input } from '../../../components/ui/input.tsx';
import { SettingCard, useSettingForm } from './setting-card.tsx';

const limitFields = [
  { name: 'linksPerPost', label: 'Links per post' },
  { name: 'imagesPerPost', label: 'Images per post' },
  { name: 'newContactsPerDay', label: 'New DM contacts a day' },
  { name: 'activeListings', label: 'Active listings at once' },
  { name: 'listingPriceCap', label: 'Listing price cap (credits)' },
] as const;

/** Trust levels: what unlocks Member and Trusted, the unverified allowance, and each level's limits. */
export function TrustForm({ value }: { value: SiteSettingValue<'trust'> }) {
  const setting = useSettingForm('trust', value);
  const { form } = setting;
  const errors = form.formState.errors;
  const number = { valueAsNumber: true } as const;
  return (
    <SettingCard
      title="Trust levels"
      saves="trust levels"
      setting={setting}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Input
        label="Member after (days)"
        type="number"
        min={0}
        max={365}
        hint="And a verified address."
        error={errors.memberAfterDays?.message}
        {...form.register('memberAfterDays', number)}
      />
      <Input
        label="Member after (posts)"
        type="number"
        min={0}
        max={1000}
        hint="Forum threads, replies and social posts published."
        error={errors.memberAfterPosts?.message}
        {...form.register('memberAfterPosts', number)}
      />
      <Input
        label="Trusted after (days)"
        type="number"
        min={0}
        max={365}
        error={errors.trustedAfterDays?.message}
        {...form.register('trustedAfterDays', number)}
      />
      <Input
        label="Trusted after (completed orders)"
        type="number"
        min={0}
        max={1000}
        hint="Released, as seller or buyer, with no dispute lost."
        error={errors.trustedAfterSales?.message}
        {...form.register('trustedAfterSales', number)}
      />
      <Input
        label="Unverified address: new DM contacts a day"
        type="number"
        min={0}
        hint="Until verified: no links, no selling, no withdrawals."
        error={errors.unverifiedContactsPerDay?.message}
        className="sm:col-span-2"
        {...form.register('unverifiedContactsPerDay', number)}
      />
      {trustLevels.map((level) => (
        <fieldset
          key={level}
          className="grid gap-3 rounded-xl border border-line p-3 sm:col-span-2 sm:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold">{tm.levelTitles[level]}</legend>
          {limitFields.map((f) => (
            <Input
              key={f.name}
              label={`${tm.levelTitles[level]}: ${f.label}`}
              type="number"
              min={0}
              error={errors.limits?.[level]?.[f.name]?.message}
              {...form.register(`limits.${level}.${f.name}`, number)}
            />
          ))}
          <Checkbox
            label={`${tm.levelTitles[level]}: may withdraw`}
            {...form.register(`limits.${level}.withdrawals`)}
          />
        </fieldset>
      ))}
    </SettingCard>
  );
}
