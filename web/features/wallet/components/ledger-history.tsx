import { History } from 'lucide-react';
import { useState } from 'react';
import { walletMessages as m } from '../../../../contract/messages/wallet.ts';
import type { LedgerEntry } from '../../../../contract/orders.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { csvPaths, type LedgerCurrency, useLedger } from '../api.ts';
import { CsvLink } from './csv-link.tsx';

const currencyWords = { credits: 'creditsWord', balance: 'balanceWord' } as const;

/** The history table's columns; the date and the running balance give way on a phone. */
const historyColumns: { key: string; label: () => string; className?: string }[] = [
  { key: 'date', label: () => ui.date, className: 'hidden sm:table-cell' },
  { key: 'description', label: () => ui.description },
  { key: 'amount', label: () => ui.amount, className: 'text-right' },
  { key: 'balance', label: () => commonUi.balance, className: 'hidden text-right sm:table-cell' },
];

function Amount({ entry, showCurrency }: { entry: LedgerEntry; showCurrency: boolean }) {
  const sign = entry.amount > 0 ? '+' : entry.amount < 0 ? '−' : '';
  return (
    <span
      className={cn(
        'font-semibold whitespace-nowrap tabular-nums',
        entry.amount > 0 ? 'text-success' : entry.amount < 0 ? 'text-danger' : 'text-muted',
      )}
    >
      {sign}
      {formatNumber(Math.abs(entry.amount))}
      {showCurrency && (
        <span className="ml-1 text-xs font-normal text-muted">{ui[currencyWords[entry.currency]]}</span>
      )}
    </span>
  );
}

function HistoryRow({ entry: e, showCurrency }: { entry: LedgerEntry; showCurrency: boolean }) {
  return (
    <tr className="border-b border-line last:border-0">
      <td className="hidden px-5 py-3 whitespace-nowrap text-muted sm:table-cell">
        <DateTime at={e.createdAt} short titled />
      </td>
      <td className="px-5 py-3">
        <span className="break-words">{e.description}</span>
        {/* On narrow screens the date sits under the description. */}
        <DateTime at={e.createdAt} short className="mt-0.5 block text-xs text-muted sm:hidden" />
      </td>
      <td className="px-5 py-3 text-right align-top sm:align-middle">
        <Amount entry={e} showCurrency={showCurrency} />
        <span className="mt-0.5 block text-xs whitespace-nowrap text-muted tabular-nums sm:hidden">
          {e.balanceAfter === null ? '' : ui.balanceAfter(e.balanceAfter)}
        </span>
      </td>
      <td className="hidden px-5 py-3 text-right whitespace-nowrap text-muted tabular-nums sm:table-cell">
        {e.balanceAfter === null ? '—' : formatNumber(e.balanceAfter)}
      </td>
    </tr>
  );
}

/** Every movement of the member's money, newest first, by currency, with its CSV. */
export function LedgerHistory() {
  const [currency, setCurrency] = useState<LedgerCurrency>('all');
  const query = useLedger(currency);
  useFailureToast(query.isError, 'ledger-load', m.loadFailed, query.error);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const showCurrency = currency === 'all';
  const currencyOptions: Record<LedgerCurrency, string> = {
    all: commonUi.all,
    credits: commonUi.credits,
    balance: ui.mainBalance,
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Segmented
          label={commonUi.currency}
          value={currency}
          options={currencyOptions}
          onChange={setCurrency}
          className="max-w-full overflow-x-auto"
        />
        <CsvLink href={csvPaths.ledger(currency)} label={ui.exportHistory} />
      </div>
      {query.isPending ? (
        <SkeletonRows label={ui.loadingHistory} rows={6} gap="gap-2" className="h-11 w-full" />
      ) : items.length === 0 ? (
        <EmptyState text={m.emptyHistory} icon={<History className="size-8" aria-hidden="true" />} />
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{ui.historyCaption}</caption>
            <thead>
              <tr className="border-b border-line text-left text-xs tracking-wide text-muted uppercase">
                {historyColumns.map(({ key, label, className }) => (
                  <th key={key} scope="col" className={cn('px-5 py-2 font-semibold', className)}>
                    {label()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <HistoryRow key={e.id} entry={e} showCurrency={showCurrency} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore query={query} className="mt-4 flex justify-center" />
    </>
  );
}
