import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { animationTypes, type PublicConfig } from '../../../../contract/site.ts';
import { siteSettingsUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Options, Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { type CardSetting, type NumberField, NumberFields, SettingForm } from './setting-card.tsx';

const animationLabels = () => ({ snow: ui.snow, rain: ui.rain, sparkles: ui.sparkles, fire: ui.fire });

export function AnimationsForm({ value }: { value: PublicConfig['animations'] }) {
  return (
    <SettingForm setting="animations" value={value}>
      {(form) => (
        <>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch
                label={ui.showAnimations}
                description={ui.animationsHint}
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Select label={ui.animationType} {...form.register('type')}>
            <Options values={animationTypes} labels={animationLabels()} />
          </Select>
        </>
      )}
    </SettingForm>
  );
}

/** A setting that is one number: its card holds that one field. */
function OneNumberForm<T extends FieldValues>({
  setting,
  value,
  field,
}: {
  setting: CardSetting;
  value: T;
  field: NumberField<T>;
}) {
  return (
    <SettingForm setting={setting} value={value}>
      {(form) => <NumberFields form={form} fields={[field]} />}
    </SettingForm>
  );
}

export function FeeForm({ value }: { value: PublicConfig['marketplaceFee'] }) {
  const field = { name: 'percentage', label: ui.feePercent, min: 0, max: 50, hint: ui.feeHint } as const;
  return <OneNumberForm setting="marketplace_fee" value={value} field={field} />;
}

function ColourField({
  label,
  name,
  form,
}: {
  label: string;
  name: 'primaryColor' | 'secondaryColor';
  form: UseFormReturn<PublicConfig['siteTheme']>;
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
        aria-label={ui.colourPicker(label)}
        value={/^#[0-9a-fA-F]{6}$/.test(current) ? current : '#000000'}
        onChange={(e) => form.setValue(name, e.target.value.toUpperCase(), { shouldDirty: true })}
        className="mb-0.5 h-11 w-14 cursor-pointer rounded-xl border border-line bg-surface p-1"
      />
    </div>
  );
}

export function ThemeForm({ value }: { value: PublicConfig['siteTheme'] }) {
  return (
    <SettingForm setting="site_theme" value={value} layout="column">
      {(form) => (
        <>
          <ColourField label={ui.primaryColour} name="primaryColor" form={form} />
          <ColourField label={ui.secondaryColour} name="secondaryColor" form={form} />
        </>
      )}
    </SettingForm>
  );
}

export function LinksForm({ value }: { value: Pick<PublicConfig, 'supportStreamUrl' | 'communityChatUrl'> }) {
  return (
    <SettingForm
      setting="external_links"
      value={{
        supportStreamUrl: value.supportStreamUrl ?? '',
        communityChatUrl: value.communityChatUrl ?? '',
      }}
      layout="column"
    >
      {(form) => (
        <>
          <Input
            label={ui.supportStreamLink}
            type="url"
            error={form.formState.errors.supportStreamUrl?.message}
            {...form.register('supportStreamUrl')}
          />
          <Input
            label={ui.communityChatLink}
            type="url"
            error={form.formState.errors.communityChatUrl?.message}
            {...form.register('communityChatUrl')}
          />
        </>
      )}
    </SettingForm>
  );
}

export function ProtectionForm({ value }: { value: PublicConfig['buyerProtection'] }) {
  const field = {
    name: 'hours',
    label: ui.protectionWindow,
    min: 1,
    max: 720,
    hint: ui.protectionHint,
  } as const;
  return <OneNumberForm setting="buyer_protection" value={value} field={field} />;
}
