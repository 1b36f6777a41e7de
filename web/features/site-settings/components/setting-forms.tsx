import { Controller, type useForm } from 'react-hook-form';
import { animationTypes, type PublicConfig } from '../../../../contract/site.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Options, Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { NumberFields, SettingCard, useSettingForm } from './setting-card.tsx';

const animationLabels = { snow: 'Snow', rain: 'Rain', sparkles: 'Sparkles', fire: 'Fire' } as const;

export function AnimationsForm({ value }: { value: PublicConfig['animations'] }) {
  const setting = useSettingForm('animations', value);
  const { form } = setting;
  return (
    <SettingCard title="Animations" saves="animations" setting={setting}>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label="Show animations"
            description="An overlay drawn over the site; it never blocks clicks."
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Select label="Animation type" {...form.register('type')}>
        <Options values={animationTypes} labels={animationLabels} />
      </Select>
    </SettingCard>
  );
}

export function FeeForm({ value }: { value: PublicConfig['marketplaceFee'] }) {
  const setting = useSettingForm('marketplace_fee', value);
  const { form } = setting;
  return (
    <SettingCard title="Marketplace Fee" saves="marketplace fee" setting={setting}>
      <NumberFields
        form={form}
        fields={[
          { name: 'percentage', label: 'Fee (%)', min: 0, max: 50, hint: 'Kept from each sale, 0 to 50.' },
        ]}
      />
    </SettingCard>
  );
}

function ColourField({
  label,
  name,
  form,
}: {
  label: string;
  name: 'primaryColor' | 'secondaryColor';
  form: ReturnType<typeof useForm<PublicConfig['siteTheme']>>;
}) {
  const current = form.watch(name);
  return (
    <div className="flex items-end gap-3">
      <Input
        label={label}
        className="flex-1"
        error={form.formState.errors[name]?.message}
        {...form.register(name)}
      />
      <input
        type="color"
        aria-label={`${label} picker`}
        value={/^#[0-9a-fA-F]{6}$/.test(current) ? current : '#000000'}
        onChange={(e) => form.setValue(name, e.target.value.toUpperCase(), { shouldDirty: true })}
        className="mb-0.5 h-11 w-14 cursor-pointer rounded-xl border border-line bg-surface p-1"
      />
    </div>
  );
}

export function ThemeForm({ value }: { value: PublicConfig['siteTheme'] }) {
  const setting = useSettingForm('site_theme', value);
  const { form } = setting;
  return (
    <SettingCard
      title="Theme Colours"
      saves="theme colours"
      setting={setting}
      className="flex flex-col gap-4"
    >
      <ColourField label="Primary colour" name="primaryColor" form={form} />
      <ColourField label="Secondary colour" name="secondaryColor" form={form} />
    </SettingCard>
  );
}

export function LinksForm({ value }: { value: Pick<PublicConfig, 'supportStreamUrl' | 'communityChatUrl'> }) {
  const setting = useSettingForm('external_links', {
    supportStreamUrl: value.supportStreamUrl ?? '',
    communityChatUrl: value.communityChatUrl ?? '',
  });
  const { form } = setting;
  return (
    <SettingCard
      title="External Links"
      saves="external links"
      setting={setting}
      className="flex flex-col gap-4"
    >
      <Input
        label="Support stream link"
        type="url"
        error={form.formState.errors.supportStreamUrl?.message}
        {...form.register('supportStreamUrl')}
      />
      <Input
        label="Community chat link"
        type="url"
        error={form.formState.errors.communityChatUrl?.message}
        {...form.register('communityChatUrl')}
      />
    </SettingCard>
  );
}

export function ProtectionForm({ value }: { value: PublicConfig['buyerProtection'] }) {
  const setting = useSettingForm('buyer_protection', value);
  const { form } = setting;
  return (
    <SettingCard title="Buyer Protection" saves="buyer protection" setting={setting}>
      <NumberFields
        form={form}
        fields={[
          {
            name: 'hours',
            label: 'Protection window (hours)',
            min: 1,
            max: 720,
            hint: 'How long a buyer can dispute an order, 1 to 720 hours.',
          },
        ]}
      />
    </SettingCard>
  );
}
