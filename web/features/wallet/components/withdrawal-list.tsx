import { useState } from 'react';
import { withdrawalMessages as m } from '../../../../contract/messages/withdrawal.ts';
import { walletUi as ui, withdrawalStatusLabels } from '../../../../contract/texts/wallet-ui.ts';
import { type Withdrawal, withdrawalMethodLabels } from '../../../../contract/withdrawals.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { csvPaths, useWithdrawals, type WithdrawalFilter } from '../api.ts';
import { withdrawalFilters, withdrawalStatusTones } from '../labels.ts';
import { MoneyList } from './money-list.tsx';

function WithdrawalItem({ withdrawal: w }: { withdrawal: Withdrawal }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold tabular-nums">{ui.creditsAmount(w.credits)}</span>
        <span className="text-muted tabular-nums">{ui.feeAndPayout(w.fee, `${w.amount} ${w.currency}`)}</span>
        <Badge tone={withdrawalStatusTones[w.status]}>{withdrawalStatusLabels[w.status]}</Badge>
        <DateTime at={w.createdAt} short titled className="text-xs text-muted sm:ml-auto" />
      </div>
      <p className="text-xs break-all text-muted">
        {ui.methodTo(withdrawalMethodLabels[w.method], w.destination)}
      </p>
      {w.reference && <p className="text-xs text-muted">{ui.reference(w.reference)}</p>}
      {w.reason && <p className="text-xs break-words text-danger">{ui.reason(w.reason)}</p>}
    </div>
  );
}

/** The member's withdrawals, newest first, by status, with their CSV. */
export function WithdrawalList() {
  const [status, setStatus] = useState<WithdrawalFilter>('all');
  const query = useWithdrawals(status);
  return (
    <MoneyList
      label={ui.withdrawals}
      filter={{ value: status, options: withdrawalFilters(), onChange: setStatus }}
      csv={{ href: csvPaths.withdrawals, label: ui.exportWithdrawals }}
      query={query}
      texts={{
        failed: m.loadFailed,
        loading: ui.loadingWithdrawals,
        empty: m.empty,
        toastId: 'withdrawals-load',
      }}
    >
      {(w) => <WithdrawalItem withdrawal={w} />}
    </MoneyList>
  );
}
