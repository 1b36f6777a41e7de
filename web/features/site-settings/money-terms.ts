import { useQuery } from '@tanstack/react-query';
import type { SiteSettingValue } from '../../../contract/site.ts';
import { depositsRoutes } from '../../lib/api-routes/deposits.gen.ts';
import { withdrawalsRoutes } from '../../lib/api-routes/withdrawals.gen.ts';

/*
 * The stored terms of top-ups and withdrawals, which the public config leaves out: read where members read
 * them (the deposit and withdrawal options), under the settings key, so a save or the socket's
 * `site-settings` event refreshes them too. Apart from api.ts, which the shell loads for the first screen:
 * only the admin's settings page reads these. Each card loads on its own, so one module's failure leaves the
 * other card usable.
 */

export function usePaymentTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['site-settings', 'payments'],
    queryFn: async ({ signal }): Promise<SiteSettingValue<'payments'>> => {
      const { currency, creditsPerUnit, minCredits, maxCredits } = await depositsRoutes.options({ signal });
      return { currency, creditsPerUnit, minCredits, maxCredits };
    },
    enabled,
  });
}

export function useWithdrawalTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['site-settings', 'withdrawals'],
    queryFn: async ({ signal }): Promise<SiteSettingValue<'withdrawals'>> => {
      const options = await withdrawalsRoutes.options({ signal });
      const { reserveDays, minCredits, feePercent, addressHoldHours } = options;
      return { reserveDays, minCredits, feePercent, addressHoldHours };
    },
    enabled,
  });
}
