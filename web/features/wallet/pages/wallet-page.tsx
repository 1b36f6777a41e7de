import { ArrowDownLeft, ArrowRightLeft, Coins, History, Lock, Receipt, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { walletMessages as m } from '../../../../contract/messages.ts';
import { convertBody, type LedgerEntry } from '../../../../contract/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateLong, formatDateShort, formatNumber, toIsoString } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/forms.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { type LedgerCurrency, useConvertBalance, useLedger, useWallet } from '../api.ts';

const currencyOptions: Record<LedgerCurrency, string> = {
  all: 'All',
  credits: 'Credits',
  balance: 'Main balance',
};

const currencyWords = { credits: 'credits', balance: 'balance' } as const;

const moneyCards = [
  {
    key: 'balance',
    label: 'Main balance',
    hint: 'Move it into credits to shop in the marketplace.',
    Icon: Wallet,
  },
  { key: 'credits', label: 'Marketplace credits', hint: 'Spent on marketplace listings.', Icon: Coins },
  {
    key: 'escrowPaid',
    label: 'In escrow',
    hint: 'Paid by you, held until you confirm delivery.',
    Icon: Lock,
  },
  {
    key: 'escrowIncoming',
    label: 'Incoming',
    hint: 'Waiting in escrow for you, before the fee.',
    Icon: ArrowDownLeft,
  },
] as const;

/** The history table's columns; the date and the running balance give way on a phone. */
const historyColumns = [
  { label: 'Date', className: 'hidden sm:table-cell' },
  { label: 'Description' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Balance', className: 'hidden text-right sm:table-cell' },
];

function MoneyCard({
  label,
  hint,
  value,
  icon,
}: {
  label: string;
  hint: string;
  value: number | undefined;
  icon: ReactNode;
}) {
  const id = useDomId();
  return (
    <Card role="region" aria-labelledby={id} className="flex flex-col gap-1.5 p-4 sm:gap-2 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-sm font-medium text-muted">
          {label}
        </h2>
        <span className="hidden size-9 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary sm:grid">
          {icon}
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="h-8 w-24" />
      ) : (
        <p className="text-2xl font-bold tracking-tight tabular-nums">{formatNumber(value)}</p>
      )}
      <p className="text-xs text-muted">{hint}</p>
    </Card>
  );
}

/** Main balance, credits, escrow both ways, the move into credits and the ledger history. */
export function WalletPage() {
  const wallet = useWallet();
  useFailureToast(wallet.isError, 'wallet-load', m.loadFailed, wallet.error);
  const w = wallet.data;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title="Wallet"
        icon={Wallet}
        actions={
          <ButtonLink to="/orders" icon={Receipt} variant="outline">
            Orders
          </ButtonLink>
        }
      >
        Your balances, the credits waiting in escrow and every movement.
      </PageHeader>
      <section aria-label="Balances" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {moneyCards.map(({ key, label, hint, Icon }) => (
          <MoneyCard
            key={key}
            label={label}
            hint={hint}
            value={w?.[key]}
            icon={<Icon className="size-5" aria-hidden="true" />}
          />
        ))}
      </section>
      <ConvertForm available={w?.balance} />
      <LedgerHistory />
    </div>
  );
}

function ConvertForm({ available }: { available: number | undefined }) {
  const convert = useConvertBalance();
  const { field, handleSubmit, reset, failed } = useZodForm(convertBody);

  const onSubmit = handleSubmit((body) =>
    convert.mutate(body, {
      onSuccess: () => {
        toast.success(m.converted);
        reset({ amount: Number.NaN });
      },
      onError: failed(m.convertFailed, ['amount']),
    }),
  );

  return (
    <SectionCard title="Move to credits" icon={ArrowRightLeft} iconTone="inherit">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Input
          label="Amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className="sm:max-w-xs sm:flex-1"
          hint={
            available === undefined
              ? '1 main balance = 1 credit.'
              : `1 main balance = 1 credit. Available: ${formatNumber(available)}.`
          }
          {...field('amount', { valueAsNumber: true })}
        />
        <Button type="submit" loading={convert.isPending} className="sm:mt-7">
          Move to credits
        </Button>
      </form>
    </SectionCard>
  );
}

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
        <span className="ml-1 text-xs font-normal text-muted">{currencyWords[entry.currency]}</span>
      )}
    </span>
  );
}

function LedgerHistory() {
  const [currency, setCurrency] = useState<LedgerCurrency>('all');
  const query = useLedger(currency);
  useFailureToast(query.isError, 'ledger-load', m.loadFailed, query.error);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const showCurrency = currency === 'all';

  return (
    <SectionCard title="History" icon={History} iconTone="inherit">
      <Segmented
        label="Currency"
        value={currency}
        options={currencyOptions}
        onChange={setCurrency}
        className="mb-4 max-w-full overflow-x-auto"
      />
      {query.isPending ? (
        <SkeletonRows label="Loading history…" rows={6} gap="gap-2" className="h-11 w-full" />
      ) : items.length === 0 ? (
        <EmptyState text={m.emptyHistory} icon={<History className="size-8" aria-hidden="true" />} />
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Wallet history</caption>
            <thead>
              <tr className="border-b border-line text-left text-xs tracking-wide text-muted uppercase">
                {historyColumns.map(({ label, className }) => (
                  <th key={label} scope="col" className={cn('px-5 py-2 font-semibold', className)}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id} className="border-b border-line last:border-0">
                  <td className="hidden px-5 py-3 whitespace-nowrap text-muted sm:table-cell">
                    <time dateTime={toIsoString(e.createdAt)} title={formatDateLong(e.createdAt)}>
                      {formatDateShort(e.createdAt)}
                    </time>
                  </td>
                  <td className="px-5 py-3">
                    <span className="break-words">{e.description}</span>
                    {/* On narrow screens the date sits under the description. */}
                    <time
                      dateTime={toIsoString(e.createdAt)}
                      className="mt-0.5 block text-xs text-muted sm:hidden"
                    >
                      {formatDateShort(e.createdAt)}
                    </time>
                  </td>
                  <td className="px-5 py-3 text-right align-top sm:align-middle">
                    <Amount entry={e} showCurrency={showCurrency} />
                    <span className="mt-0.5 block text-xs whitespace-nowrap text-muted tabular-nums sm:hidden">
                      {e.balanceAfter === null ? '' : `Balance ${formatNumber(e.balanceAfter)}`}
                    </span>
                  </td>
                  <td className="hidden px-5 py-3 text-right whitespace-nowrap text-muted tabular-nums sm:table-cell">
                    {e.balanceAfter === null ? '—' : formatNumber(e.balanceAfter)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore query={query} className="mt-4 flex justify-center" />
    </SectionCard>
  );
}
