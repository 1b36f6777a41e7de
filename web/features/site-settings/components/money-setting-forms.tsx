import type { SiteSettingValue } from '../../../../contract/site.ts';
import { Input } from '../../../components/ui/input.tsx';
import { type NumberField, NumberFields, SettingCard, useSettingForm } from './setting-card.tsx';

type Payments = SiteSettingValue<'payments'>;
type Withdrawals = SiteSettingValue<'withdrawals'>;

const paymentNumbers: NumberField<Payments>[] = [
  {
    name: 'creditsPerUnit',
    label: 'Credits per currency unit',
    min: 1,
    max: 10_000,
    hint: '100 means a credit costs 0.01.',
  },
  { name: 'minCredits', label: 'Smallest top-up (credits)', min: 1 },
  { name: 'maxCredits', label: 'Largest top-up (credits)', min: 1 },
];

const withdrawalNumbers: NumberField<Withdrawals>[] = [
  {
    name: 'reserveDays',
    label: 'Reserve (days)',
    min: 0,
    max: 90,
    wide: true,
    hint: 'Earnings wait this long after a sale is released, 0 to 90.',
  },
  { name: 'minCredits', label: 'Smallest withdrawal (credits)', min: 1 },
  { name: 'feePercent', label: 'Withdrawal fee (%)', min: 0, max: 50, hint: '0 to 50.' },
  {
    name: 'addressHoldHours',
    label: 'New payout address hold (hours)',
    min: 0,
    max: 168,
    wide: true,
    hint: 'How long a new or changed payout address waits before a withdrawal may use it, 0 to 168.',
  },
];

/** What a credit costs and how many one top-up may buy. */
export function PaymentsForm({ value }: { value: Payments }) {
  const setting = useSettingForm('payments', value);
  const { form } = setting;
  return (
    <SettingCard title="Top-ups" saves="top-ups" setting={setting} className="grid gap-4 sm:grid-cols-2">
      <Input
        label="Currency"
        maxLength={3}
        autoCapitalize="characters"
        hint="Three letters, like USD."
        error={form.formState.errors.currency?.message}
        {...form.register('currency')}
      />
      <NumberFields form={form} fields={paymentNumbers} />
    </SettingCard>
  );
}

/** How long earnings wait, the smallest withdrawal and the platform's fee on it. */
export function WithdrawalsForm({ value }: { value: Withdrawals }) {
  const setting = useSettingForm('withdrawals', value);
  return (
    <SettingCard
      title="Withdrawals"
      saves="withdrawals"
      setting={setting}
      className="grid gap-4 sm:grid-cols-2"
    >
      <NumberFields form={setting.form} fields={withdrawalNumbers} />
    </SettingCard>
  );
}
