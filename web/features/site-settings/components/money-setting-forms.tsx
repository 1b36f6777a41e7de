import type { SiteSettingValue } from '../../../../contract/site.ts';
import { siteSettingsUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { Input } from '../../../components/ui/input.tsx';
import { type NumberField, NumberFields, SettingForm } from './setting-card.tsx';

type Payments = SiteSettingValue<'payments'>;
type Withdrawals = SiteSettingValue<'withdrawals'>;

// Built at render: the labels and hints are in the active language.
const paymentNumbers = (): NumberField<Payments>[] => [
  { name: 'creditsPerUnit', label: ui.creditsPerUnit, min: 1, max: 10_000, hint: ui.creditsPerUnitHint },
  { name: 'minCredits', label: ui.minTopUp, min: 1 },
  { name: 'maxCredits', label: ui.maxTopUp, min: 1 },
];

const withdrawalNumbers = (): NumberField<Withdrawals>[] => [
  { name: 'reserveDays', label: ui.reserveDays, min: 0, max: 90, wide: true, hint: ui.reserveHint },
  { name: 'minCredits', label: ui.minWithdrawal, min: 1 },
  { name: 'feePercent', label: ui.withdrawalFee, min: 0, max: 50, hint: ui.withdrawalFeeHint },
  { name: 'addressHoldHours', label: ui.addressHold, min: 0, max: 168, wide: true, hint: ui.addressHoldHint },
];

/** What a credit costs and how many one top-up may buy. */
export function PaymentsForm({ value }: { value: Payments }) {
  return (
    <SettingForm setting="payments" value={value} layout="grid">
      {(form) => (
        <>
          <Input
            label={commonUi.currency}
            maxLength={3}
            autoCapitalize="characters"
            hint={ui.currencyHint}
            error={form.formState.errors.currency?.message}
            {...form.register('currency')}
          />
          <NumberFields form={form} fields={paymentNumbers()} />
        </>
      )}
    </SettingForm>
  );
}

/** How long earnings wait, the smallest withdrawal and the platform's fee on it. */
export function WithdrawalsForm({ value }: { value: Withdrawals }) {
  return (
    <SettingForm setting="withdrawals" value={value} layout="grid">
      {(form) => <NumberFields form={form} fields={withdrawalNumbers()} />}
    </SettingForm>
  );
}
