import {
  ArrowDownLeft,
  ArrowUpRight,
  Banknote,
  Clock,
  Coins,
  Hourglass,
  Lock,
  type LucideIcon,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { WalletSummary } from '../../../../contract/orders.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateLong, formatDateShort, formatNumber, toIsoString } from '../../../lib/format.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';

type Figure = Exclude<keyof WalletSummary, 'reserve'>;

/** Each card: what the figure is and what it is for, in the member's words. */
const cards: { key: Figure; label: string; hint: string; Icon: LucideIcon }[] = [
  {
    key: 'credits',
    label: 'Marketplace credits',
    hint: 'Spendable on marketplace listings.',
    Icon: Coins,
  },
  {
    key: 'withdrawable',
    label: 'Withdrawable',
    hint: 'Earned from sales and past the reserve: yours to take out.',
    Icon: Banknote,
  },
  {
    key: 'reserved',
    label: 'In reserve',
    hint: 'Earnings from released sales wait a few days before they can be withdrawn.',
    Icon: Hourglass,
  },
  {
    key: 'balance',
    label: 'Main balance',
    hint: 'Move it into credits to shop in the marketplace.',
    Icon: Wallet,
  },
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
  {
    key: 'pendingDeposits',
    label: 'Pending deposits',
    hint: 'Ordered top-ups the payment processor has not confirmed yet.',
    Icon: Clock,
  },
  {
    key: 'pendingWithdrawals',
    label: 'Pending withdrawals',
    hint: 'Requested payouts waiting for staff or the payout.',
    Icon: ArrowUpRight,
  },
];

function MoneyCard({
  label,
  hint,
  value,
  icon,
  children,
}: {
  label: string;
  hint: string;
  value: number | undefined;
  icon: ReactNode;
  children?: ReactNode;
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
        <p className={cn('text-2xl font-bold tracking-tight tabular-nums', value < 0 && 'text-danger')}>
          {formatNumber(value)}
        </p>
      )}
      <p className="text-xs text-muted">{hint}</p>
      {children}
    </Card>
  );
}

/** When each part of the reserve frees up (oldest first): the first three, the rest counted. */
function ReserveList({ reserve }: { reserve: WalletSummary['reserve'] }) {
  if (reserve.length === 0) return null;
  const shown = reserve.slice(0, 3);
  const more = reserve.length - shown.length;
  return (
    <ul aria-label="Reserve releases" className="mt-1 flex flex-col gap-0.5 text-xs">
      {shown.map((r) => (
        <li key={`${r.freesAt}-${r.credits}`} className="flex justify-between gap-2">
          <span className="text-muted">
            Sale of <span className="font-medium text-fg tabular-nums">{formatNumber(r.credits)}</span>
          </span>
          <time dateTime={toIsoString(r.freesAt)} title={formatDateLong(r.freesAt)} className="text-muted">
            frees {formatDateShort(r.freesAt)}
          </time>
        </li>
      ))}
      {more > 0 && (
        <li
          className="text-muted"
          title={reserve
            .slice(3)
            .map((r) => formatDateLong(r.freesAt))
            .join('\n')}
        >
          and {more} more
        </li>
      )}
    </ul>
  );
}

/** The wallet's figures, each in its own labelled card. */
export function BalanceCards({ wallet }: { wallet: WalletSummary | undefined }) {
  return (
    <section aria-label="Balances" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ key, label, hint, Icon }) => (
        <MoneyCard
          key={key}
          label={label}
          hint={hint}
          value={wallet?.[key]}
          icon={<Icon className="size-5" aria-hidden="true" />}
        >
          {key === 'reserved' && wallet && <ReserveList reserve={wallet.reserve} />}
        </MoneyCard>
      ))}
    </section>
  );
}
