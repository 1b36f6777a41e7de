import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConvertBody, LedgerQuery } from '../../../contract/orders.ts';
import type { CreateDepositBody, DepositStatus } from '../../../contract/payments.ts';
import type {
  CreateWithdrawalBody,
  SetPayoutDestinationBody,
  WithdrawalStatus,
} from '../../../contract/withdrawals.ts';
import { depositsRoutes } from '../../lib/api-routes/deposits.gen.ts';
import { walletRoutes } from '../../lib/api-routes/wallet.gen.ts';
import { withdrawalsRoutes } from '../../lib/api-routes/withdrawals.gen.ts';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { walletRootKey } from '../../lib/query-roots.ts';
import { meKey } from '../../lib/session.ts';

export type LedgerCurrency = NonNullable<LedgerQuery['currency']>;
export type DepositFilter = 'all' | DepositStatus;
export type WithdrawalFilter = 'all' | WithdrawalStatus;

/*
 * Every key of the member's money sits under the wallet root: the socket's `wallet` event (web/lib/socket-open.ts)
 * and any money movement elsewhere refresh the summary, the history, the deposits and the withdrawals at once.
 */
export const walletKeys = {
  all: walletRootKey,
  summary: [...walletRootKey, 'summary'] as const,
  ledger: (currency: LedgerCurrency) => [...walletRootKey, 'ledger', currency] as const,
  deposits: [...walletRootKey, 'deposits'] as const,
  depositList: (status: DepositFilter) => [...walletRootKey, 'deposits', status] as const,
  deposit: (id: string) => [...walletRootKey, 'deposit', id] as const,
  depositOptions: [...walletRootKey, 'deposit-options'] as const,
  withdrawals: [...walletRootKey, 'withdrawals'] as const,
  withdrawalList: (status: WithdrawalFilter) => [...walletRootKey, 'withdrawals', status] as const,
  withdrawalOptions: [...walletRootKey, 'withdrawal-options'] as const,
  payoutAddresses: [...walletRootKey, 'payout-addresses'] as const,
  sandbox: (id: string) => [...walletRootKey, 'sandbox', id] as const,
};

/** Plain downloads from the server (text/csv with a file name): no script builds them. */
export const csvPaths = {
  ledger: (currency: LedgerCurrency) => `/api/v1/wallet/ledger/export.csv?currency=${currency}`,
  deposits: '/api/v1/wallet/deposits/export.csv',
  withdrawals: '/api/v1/wallet/withdrawals/export.csv',
};

export function useWallet() {
  return useQuery({
    queryKey: walletKeys.summary,
    queryFn: ({ signal }) => walletRoutes.summary({ signal }),
  });
}

export function useLedger(currency: LedgerCurrency) {
  return usePagedQuery(walletKeys.ledger(currency), (cursor, signal) =>
    walletRoutes.ledger({ currency, cursor }, { signal }),
  );
}

/** Main balance → credits: the answer is the new summary; the history and the profile balances refresh. */
export function useConvertBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertBody) => walletRoutes.convert(body),
    onSuccess: async (summary) => {
      queryClient.setQueryData(walletKeys.summary, summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletRootKey }),
        queryClient.invalidateQueries({ queryKey: meKey }),
      ]);
    },
  });
}

// --- deposits (top-ups) ------------------------------------------------------------------------------

export function useDepositOptions(enabled = true) {
  return useQuery({
    queryKey: walletKeys.depositOptions,
    queryFn: ({ signal }) => depositsRoutes.options({ signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useDeposits(status: DepositFilter) {
  return usePagedQuery(walletKeys.depositList(status), (cursor, signal) =>
    depositsRoutes.list({ status, cursor }, { signal }),
  );
}

export function useDeposit(id: string) {
  return useQuery({
    queryKey: walletKeys.deposit(id),
    queryFn: ({ signal }) => depositsRoutes.get({ id }, { signal }),
  });
}

/** Starts a top-up: the answer names the processor's checkout, where the browser goes next. */
export function useCreateDeposit() {
  return useMutation({
    mutationFn: (body: CreateDepositBody) => depositsRoutes.create(body),
  });
}

export function useSandboxInvoice(id: string) {
  return useQuery({
    queryKey: walletKeys.sandbox(id),
    queryFn: ({ signal }) => depositsRoutes.sandbox({ id }, { signal }),
  });
}

export function usePaySandbox(id: string) {
  return useRefreshingMutation(
    (outcome: 'paid' | 'expired') => depositsRoutes.paySandbox({ id }, { outcome }),
    walletRootKey,
  );
}

// --- withdrawals -------------------------------------------------------------------------------------

export function useWithdrawalOptions() {
  return useQuery({
    queryKey: walletKeys.withdrawalOptions,
    queryFn: ({ signal }) => withdrawalsRoutes.options({ signal }),
  });
}

export function useWithdrawals(status: WithdrawalFilter) {
  return usePagedQuery(walletKeys.withdrawalList(status), (cursor, signal) =>
    withdrawalsRoutes.mine({ status, cursor }, { signal }),
  );
}

export function usePayoutAddresses(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.payoutAddresses,
    queryFn: ({ signal }) => withdrawalsRoutes.payoutAddresses({ signal }),
    enabled,
  });
}

export function useSetPayoutAddress() {
  return useRefreshingMutation(
    (body: SetPayoutDestinationBody) => withdrawalsRoutes.setPayoutAddress(body),
    walletKeys.payoutAddresses,
  );
}

/** A request holds the credits at once: the summary, the history and the withdrawals refresh. */
export function useCreateWithdrawal() {
  return useRefreshingMutation((body: CreateWithdrawalBody) => withdrawalsRoutes.create(body), walletRootKey);
}

// --- staff: the withdrawal queue ---------------------------------------------------------------------

const adminWithdrawalsKey = ['admin', 'withdrawals'] as const;

export function useAdminWithdrawals(status: WithdrawalFilter) {
  return usePagedQuery([...adminWithdrawalsKey, status], (cursor, signal) =>
    withdrawalsRoutes.adminList({ status, cursor }, { signal }),
  );
}

export type WithdrawalDecision =
  | { id: string; action: 'approve'; reference?: string }
  | { id: string; action: 'reject'; reason: string };

/** Approve (with a manual payout's reference) or reject (with the reason): the queue and the audit log refresh. */
export function useDecideWithdrawal() {
  return useRefreshingMutation(
    (decision: WithdrawalDecision) =>
      decision.action === 'approve'
        ? withdrawalsRoutes.approve({ id: decision.id }, { reference: decision.reference })
        : withdrawalsRoutes.reject({ id: decision.id }, { reason: decision.reason }),
    adminWithdrawalsKey,
    ['admin', 'audit-log'],
  );
}
