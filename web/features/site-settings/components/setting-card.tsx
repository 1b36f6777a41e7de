import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { siteSettingsMessages as m } from '../../../../contract/messages/site-settings.ts';
import { type SiteSettingKey, siteSettingSchemas } from '../../../../contract/site.ts';
import { siteSettingsUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import toast from '../../../lib/toast.ts';
import { useUpdateSiteSetting } from '../api.ts';

/** One setting's form: validated by the contract's schema for its key, saved on its own. */
function useSettingForm<T extends FieldValues>(key: SiteSettingKey, values: T) {
  const update = useUpdateSiteSetting();
  // biome-ignore lint/suspicious/noExplicitAny: the schema of `key` validates exactly T
  const form = useForm<T>({ resolver: zodResolver(siteSettingSchemas[key] as any), values });
  const onSubmit = form.handleSubmit((value) =>
    update.mutate(
      { key, value },
      {
        onSuccess: () => toast.success(m.saved, { id: 'site-settings-saved' }),
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, Object.keys(values) as never[]);
          toast.error(errorMessage(err, m.saveFailed));
        },
      },
    ),
  );
  return { form, onSubmit, pending: update.isPending };
}

/** The settings with a card on the settings page: all but the anti-bot cost, which the page does not show. */
export type CardSetting = Exclude<SiteSettingKey, 'anti_bot'>;

// Read at render, so they are in the active language: each setting's card title and the name its Save gives.
const cardTexts = (): Record<CardSetting, { title: string; saves: string }> => ({
  animations: { title: ui.animations, saves: ui.savesAnimations },
  marketplace_fee: { title: ui.marketplaceFee, saves: ui.savesFee },
  site_theme: { title: ui.themeColours, saves: ui.savesTheme },
  buyer_protection: { title: ui.buyerProtection, saves: ui.savesProtection },
  external_links: { title: ui.externalLinks, saves: ui.savesLinks },
  payments: { title: ui.topUps, saves: ui.savesTopUps },
  withdrawals: { title: ui.withdrawals, saves: ui.savesWithdrawals },
  review: { title: ui.reviewQueue, saves: ui.savesReview },
  trust: { title: ui.trustLevels, saves: ui.savesTrust },
});

/** How a card lays out its fields: two columns, one column, or as they come. */
const layouts = { grid: 'grid gap-4 sm:grid-cols-2', column: 'flex flex-col gap-4' };
type SettingLayout = keyof typeof layouts;

/**
 * One setting's card: its fields in a form of their own, with the Save button (named for the setting). A form
 * whose shape differs from its setting's (the review queue's) brings its own submit; the others are `SettingForm`.
 */
export function SettingCard({
  setting,
  submit,
  layout,
  children,
}: {
  setting: CardSetting;
  submit: { onSubmit: () => void; pending: boolean };
  layout?: SettingLayout;
  children: ReactNode;
}) {
  const { title, saves } = cardTexts()[setting];
  return (
    <SectionCard title={title}>
      <form noValidate onSubmit={submit.onSubmit} className={layout && layouts[layout]}>
        {children}
        <div className="mt-4 flex justify-end">
          <Button type="submit" size="sm" loading={submit.pending} aria-label={ui.saveNamed(saves)}>
            {commonUi.save}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/**
 * A setting's card with its form: `children` lays out the setting's fields in the form, which validates
 * `value` by the contract's schema for `setting` and saves it on its own.
 */
export function SettingForm<T extends FieldValues>({
  setting,
  value,
  layout,
  children,
}: {
  setting: CardSetting;
  value: T;
  layout?: SettingLayout;
  children: (form: UseFormReturn<T>) => ReactNode;
}) {
  const submit = useSettingForm(setting, value);
  return (
    <SettingCard setting={setting} submit={submit} layout={layout}>
      {children(submit.form)}
    </SettingCard>
  );
}

/** One number of a setting: its label, bounds and hint; `wide` spans both columns of the card's grid. */
export interface NumberField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  min: number;
  max?: number;
  hint?: string;
  wide?: boolean;
}

/** A setting's number fields in order, each an `Input` read as a number with its field's message. */
export function NumberFields<T extends FieldValues>({
  form,
  fields,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any context and output type; only the input fields are read
  form: UseFormReturn<T, any, any>;
  fields: readonly NumberField<T>[];
}) {
  const { errors } = form.formState;
  return fields.map(({ name, label, min, max, hint, wide }) => (
    <Input
      key={name}
      label={label}
      type="number"
      min={min}
      max={max}
      hint={hint}
      error={(get(errors, name) as FieldError | undefined)?.message}
      className={wide ? 'sm:col-span-2' : undefined}
      {...form.register(name, { valueAsNumber: true })}
    />
  ));
}
