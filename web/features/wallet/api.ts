import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConvertBody, LedgerPage, LedgerQuery, WalletSummary } from '../../../contract/orders.ts';
import { api } from '../../lib/api.ts';
import { walletRootKey } from '../../lib/orders.ts';
import { pagedQuery } from '../../lib/queries.ts';
import { meKey } from '../../lib/session.ts';

export type LedgerCurrency = NonNullable<LedgerQuery['currency']>;

export const walletKeys = {
  all: walletRootKey,
  summary: [...walletRootKey, 'summary'] as const,
  ledger: (currency: LedgerCurrency) => [...walletRootKey, 'ledger', currency] as const,
};

export function useWallet() {
  return useQuery({
    queryKey: walletKeys.summary,
    queryFn: ({ signal }) => api<WalletSummary>('/wallet', { signal }),
  });
}

export function useLedger(currency: LedgerCurrency) {
  return useInfiniteQuery(
    pagedQuery<LedgerPage>(walletKeys.ledger(currency), '/wallet/ledger', { currency }),
  );
}

/** Main balance → credits: the answer is the new summary; the history and the profile balances refresh. */
export function useConvertBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertBody) => api<WalletSummary>('/wallet/convert', { method: 'POST', body }),
    onSuccess: async (summary) => {
      queryClient.setQueryData(walletKeys.summary, summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletRootKey }),
        queryClient.invalidateQueries({ queryKey: meKey }),
      ]);
    },
  });
}
