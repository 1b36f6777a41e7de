import { zodResolver } from '@hookform/resolvers/zod';
import { Settings, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { siteSettingsMessages as m } from '../../../../contract/messages.ts';
import {
  animationTypes,
  type PublicConfig,
  type SiteSettingKey,
  siteSettingSchemas,
} from '../../../../contract/site.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings, useUpdateSiteSetting } from '../api.ts';

const animationLabels = { snow: 'Snow', rain: 'Rain', sparkles: 'Sparkles', fire: 'Fire' } as const;

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

function SaveRow({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="mt-4 flex justify-end">
      <Button type="submit" size="sm" loading={pending} aria-label={`Save ${label}`}>
        Save
      </Button>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <SectionCard title={title}>{children}</SectionCard>;
}

function AnimationsForm({ value }: { value: PublicConfig['animations'] }) {
  const { form, onSubmit, pending } = useSettingForm('animations', value);
  return (
    <Section title="Animations">
      <form noValidate onSubmit={onSubmit}>
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
          {animationTypes.map((t) => (
            <option key={t} value={t}>
              {animationLabels[t]}
            </option>
          ))}
        </Select>
        <SaveRow pending={pending} label="animations" />
      </form>
    </Section>
  );
}

function FeeForm({ value }: { value: PublicConfig['marketplaceFee'] }) {
  const { form, onSubmit, pending } = useSettingForm('marketplace_fee', value);
  return (
    <Section title="Marketplace Fee">
      <form noValidate onSubmit={onSubmit}>
        <Input
          label="Fee (%)"
          type="number"
          min={0}
          max={50}
          hint="Kept from each sale, 0 to 50."
          error={form.formState.errors.percentage?.message}
          {...form.register('percentage', { valueAsNumber: true })}
        />
        <SaveRow pending={pending} label="marketplace fee" />
      </form>
    </Section>
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

function ThemeForm({ value }: { value: PublicConfig['siteTheme'] }) {
  const { form, onSubmit, pending } = useSettingForm('site_theme', value);
  return (
    <Section title="Theme Colours">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <ColourField label="Primary colour" name="primaryColor" form={form} />
        <ColourField label="Secondary colour" name="secondaryColor" form={form} />
        <SaveRow pending={pending} label="theme colours" />
      </form>
    </Section>
  );
}

function LinksForm({ value }: { value: Pick<PublicConfig, 'supportStreamUrl' | 'communityChatUrl'> }) {
  const { form, onSubmit, pending } = useSettingForm('external_links', {
    supportStreamUrl: value.supportStreamUrl ?? '',
    communityChatUrl: value.communityChatUrl ?? '',
  });
  return (
    <Section title="External Links">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
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
        <SaveRow pending={pending} label="external links" />
      </form>
    </Section>
  );
}

function ProtectionForm({ value }: { value: PublicConfig['buyerProtection'] }) {
  const { form, onSubmit, pending } = useSettingForm('buyer_protection', value);
  return (
    <Section title="Buyer Protection">
      <form noValidate onSubmit={onSubmit}>
        <Input
          label="Protection window (hours)"
          type="number"
          min={1}
          max={720}
          hint="How long a buyer can dispute an order, 1 to 720 hours."
          error={form.formState.errors.hours?.message}
          {...form.register('hours', { valueAsNumber: true })}
        />
        <SaveRow pending={pending} label="buyer protection" />
      </form>
    </Section>
  );
}

/** Site settings: admins only; moderators see Access Denied (spec §2 Admin). */
export function AdminSettingsPage() {
  const { user } = useSession();
  const query = useSiteSettings();
  const header = (
    <PageHeader title="Site Settings" icon={Settings}>
      Changes apply live for every visitor.
    </PageHeader>
  );
  if (user?.role !== 'admin') {
    return (
      <div>
        {header}
        <EmptyState
          icon={<ShieldAlert className="size-8 text-danger" aria-hidden="true" />}
          text="Access Denied"
          action={<p className="text-xs">Only admins can change site settings.</p>}
        />
      </div>
    );
  }
  const s = query.data;
  return (
    <div>
      {header}
      {!s ? (
        <div role="status" aria-live="polite" className="grid gap-4 lg:grid-cols-2">
          <span className="sr-only">Loading settings…</span>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-48 w-full rounded-2xl" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ThemeForm value={s.siteTheme} />
          <AnimationsForm value={s.animations} />
          <FeeForm value={s.marketplaceFee} />
          <ProtectionForm value={s.buyerProtection} />
          <LinksForm value={{ supportStreamUrl: s.supportStreamUrl, communityChatUrl: s.communityChatUrl }} />
        </div>
      )}
    </div>
  );
}
