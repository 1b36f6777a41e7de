import type { SiteSettingValue } from '../../../../contract/site.ts';
import { Input } from '../../../components/ui/input.tsx';
import { SettingCard, useSettingForm } from './setting-card.tsx';

/** What a credit costs and how many one top-up may buy. */
export function PaymentsForm({ value }: { value: SiteSettingValue<'payments'> }) {
  const setting = useSettingForm('payments', value);
  const { form } = setting;
  const errors = form.formState.errors;
  const number = { valueAsNumber: true } as const;
  return (
    <SettingCard title="Top-ups" saves="top-ups" setting={setting} className="grid gap-4 sm:grid-cols-2">
      <Input
        label="Currency"
        maxLength={3}
        autoCapitalize="characters"
        hint="Three letters, like USD."
        error={errors.currency?.message}
        {...form.register('currency')}
      />
      <Input
        label="Credits per currency unit"
        type="number"
        min={1}
        max={10_000}
        hint="100 means a credit costs 0.01."
        error={errors.creditsPerUnit?.message}
        {...form.register('creditsPerUnit', number)}
      />
      <Input
        label="Smallest top-up (credits)"
        type="number"
        min={1}
        error={errors.minCredits?.message}
        {...form.register('minCredits', number)}
      />
      <Input
        label="Largest top-up (credits)"
        type="number"
        min={1}
        error={errors.maxCredits?.message}
        {...form.register('maxCredits', number)}
      />
    </SettingCard>
  );
}

/** How long earnings wait, the smallest withdrawal and the platform's fee on it. */
export function WithdrawalsForm({ value }: { value: SiteSettingValue<'withdrawals'> }) {
  const setting = useSettingForm('withdrawals', value);
  const { form } = setting;
  const errors = form.formState.errors;
  const number = { valueAsNumber: true } as const;
  return (
    <SettingCard
      title="Withdrawals"
      saves="withdrawals"
      setting={setting}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Input
        label="Reserve (days)"
        type="number"
        min={0}
        max={90}
        hint="Earnings wait this long after a sale is released, 0 to 90."
        error={errors.reserveDays?.message}
        className="sm:col-span-2"
        {...form.register('reserveDays', number)}
      />
      <Input
        label="Smallest withdrawal (credits)"
        type="number"
        min={1}
        error={errors.minCredits?.message}
        {...form.register('minCredits', number)}
      />
      <Input
        label="Withdrawal fee (%)"
        type="number"
        min={0}
        max={50}
        hint="0 to 50."
        error={errors.feePercent?.message}
        {...form.register('feePercent', number)}
      />
      <Input
        label="New payout address hold (hours)"
        type="number"
        min={0}
        max={168}
        hint="How long a new or changed payout address waits before a withdrawal may use it, 0 to 168."
        error={errors.addressHoldHours?.message}
        className="sm:col-span-2"
        {...form.register('addressHoldHours', number)}
      />
    </SettingCard>
  );
}
