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
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateLong, formatDateShort, formatNumber, toIsoString } from '../../../lib/format.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import { useDomId } from '../../../lib/use-dom-id.ts';

type Figure = Exclude<keyof WalletSummary, 'reserve'>;
/** A plain text of the wallet's group. */
type WalletText = { [K in keyof typeof ui]: (typeof ui)[K] extends string ? K : never }[keyof typeof ui];

/** Each card: what the figure is and what it is for, in the member's words (read at render: the language may change). */
const cards: { key: Figure; label: WalletText; hint: WalletText; Icon: LucideIcon }[] = [
  { key: 'credits', label: 'creditsLabel', hint: 'creditsHint', Icon: Coins },
  { key: 'withdrawable', label: 'withdrawableLabel', hint: 'withdrawableHint', Icon: Banknote },
  { key: 'reserved', label: 'reservedLabel', hint: 'reservedHint', Icon: Hourglass },
  { key: 'balance', label: 'balanceLabel', hint: 'balanceHint', Icon: Wallet },
  { key: 'escrowPaid', label: 'escrowPaidLabel', hint: 'escrowPaidHint', Icon: Lock },
  { key: 'escrowIncoming', label: 'escrowIncomingLabel', hint: 'escrowIncomingHint', Icon: ArrowDownLeft },
  { key: 'pendingDeposits', label: 'pendingDepositsLabel', hint: 'pendingDepositsHint', Icon: Clock },
  {
    key: 'pendingWithdrawals',
    label: 'pendingWithdrawalsLabel',
    hint: 'pendingWithdrawalsHint',
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
    <ul aria-label={ui.reserveReleases} className="mt-1 flex flex-col gap-0.5 text-xs">
      {shown.map((r) => (
        <li key={`${r.freesAt}-${r.credits}`} className="flex justify-between gap-2">
          <span className="text-muted">
            {withParts(
              ui.saleOf,
              <span className="font-medium text-fg tabular-nums">{formatNumber(r.credits)}</span>,
            )}
          </span>
          <time dateTime={toIsoString(r.freesAt)} title={formatDateLong(r.freesAt)} className="text-muted">
            {ui.frees(formatDateShort(r.freesAt))}
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
          {ui.andMore(more)}
        </li>
      )}
    </ul>
  );
}

/** The wallet's figures, each in its own labelled card. */
export function BalanceCards({ wallet }: { wallet: WalletSummary | undefined }) {
  return (
    <section aria-label={ui.balances} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ key, label, hint, Icon }) => (
        <MoneyCard
          key={key}
          label={ui[label]}
          hint={ui[hint]}
          value={wallet?.[key]}
          icon={<Icon className="size-5" aria-hidden="true" />}
        >
          {key === 'reserved' && wallet && <ReserveList reserve={wallet.reserve} />}
        </MoneyCard>
      ))}
    </section>
  );
}
