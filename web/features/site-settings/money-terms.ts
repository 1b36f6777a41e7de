import { useQuery } from '@tanstack/react-query';
import type { DepositOptions } from '../../../contract/payments.ts';
import { type SiteSettingValue, siteSettingDefaults } from '../../../contract/site.ts';
import type { WithdrawalOptions } from '../../../contract/withdrawals.ts';
import { api } from '../../lib/api.ts';

export interface MoneyTerms {
  payments: SiteSettingValue<'payments'>;
  withdrawals: SiteSettingValue<'withdrawals'>;
}

/*
 * Apart from api.ts (which the shell loads for the first screen): only the admin's settings page reads these.
 */

/**
 * The stored terms of top-ups and withdrawals, which the public config leaves out: read where members read
 * them (the deposit and withdrawal options), under the settings key, so a save or the socket's
 * `site-settings` event refreshes them too.
 */
export function useMoneyTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['site-settings', 'money-terms'],
    queryFn: async ({ signal }): Promise<MoneyTerms> => {
      const [deposit, withdrawal] = await Promise.all([
        api<DepositOptions>('/wallet/deposit-options', { signal }),
        api<WithdrawalOptions>('/wallet/withdrawal-options', { signal }),
      ]);
      const { currency, creditsPerUnit, minCredits, maxCredits } = deposit;
      const { reserveDays, feePercent } = withdrawal;
      // The options name the hold once the API sends it; until then the card starts from the default.
      const addressHoldHours =
        (withdrawal as { addressHoldHours?: number }).addressHoldHours ??
        siteSettingDefaults.withdrawals.addressHoldHours;
      return {
        payments: { currency, creditsPerUnit, minCredits, maxCredits },
        withdrawals: { reserveDays, minCredits: withdrawal.minCredits, feePercent, addressHoldHours },
      };
    },
    enabled,
  });
}
