import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { paymentMessages as m } from '../../../../contract/messages/payment.ts';
import { type Deposit, methodLabels } from '../../../../contract/payments.ts';
import { depositStatusLabels, walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { cn } from '../../../lib/cn.ts';
import { csvPaths, type DepositFilter, useDeposits } from '../api.ts';
import { depositFilters, depositSentence, depositStatusTones } from '../labels.ts';
import { MoneyList } from './money-list.tsx';

function DepositItem({ deposit: d }: { deposit: Deposit }) {
  const troubled = d.problem !== null || d.status === 'reversed';
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold tabular-nums">{ui.creditsAmount(d.credits)}</span>
        <span className="text-muted tabular-nums">
          {d.amount} {d.currency}
        </span>
        <Badge tone={depositStatusTones[d.status]}>{depositStatusLabels[d.status]}</Badge>
        <DateTime at={d.createdAt} short titled className="text-xs text-muted sm:ml-auto" />
      </div>
      <p className="text-xs text-muted">{methodLabels[d.method]}</p>
      {(troubled || d.status !== 'settled') && (
        <p className={cn('text-xs', troubled ? 'text-danger' : 'text-muted')}>{depositSentence(d)}</p>
      )}
      {d.status === 'pending' && d.checkoutUrl && (
        <a
          href={d.checkoutUrl}
          className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
        >
          {ui.continueToCheckout}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      )}
    </div>
  );
}

/** The member's top-ups, newest first, by status, with their CSV. */
export function DepositList() {
  const [status, setStatus] = useState<DepositFilter>('all');
  const query = useDeposits(status);
  return (
    <MoneyList
      label={ui.deposits}
      filter={{ value: status, options: depositFilters(), onChange: setStatus }}
      csv={{ href: csvPaths.deposits, label: ui.exportDeposits }}
      query={query}
      texts={{ failed: m.loadFailed, loading: ui.loadingDeposits, empty: m.empty, toastId: 'deposits-load' }}
    >
      {(d) => <DepositItem deposit={d} />}
    </MoneyList>
  );
}
