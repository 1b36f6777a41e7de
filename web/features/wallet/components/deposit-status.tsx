import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { paymentMessages as m } from '../../../../contract/messages/payment.ts';
import type { Deposit } from '../../../../contract/payments.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import toast from '../../../lib/toast.ts';
import { useDeposit } from '../api.ts';
import { depositSentence } from '../labels.ts';

/** How recently a deposit must have been credited for the arrival to be announced when the page opens. */
const FRESH_MS = 5 * 60_000;

/**
 * The deposit a processor sent the member back for (`/wallet?deposit=<id>`): waiting, then credited, which
 * the socket's `wallet` event refreshes without a reload; the arrival is announced with a toast once.
 */
export function DepositStatus({ id }: { id: string }) {
  const query = useDeposit(id);
  const deposit = query.data;
  useCreditedToast(deposit);

  if (query.isPending) return <Skeleton className="h-20 w-full rounded-2xl" />;
  // A link to someone else's or a made-up deposit: the page as it is without one.
  if (!deposit) return null;
  const { status } = deposit;
  const good = status === 'settled' && deposit.problem === null;
  const bad = deposit.problem === 'paid_partial' || ['expired', 'invalid', 'reversed'].includes(status);
  const Icon = status === 'pending' ? Clock : bad ? XCircle : CheckCircle2;
  return (
    <Card
      role="status"
      aria-label={ui.yourDeposit}
      className={cn(
        'flex items-start gap-3 p-4 text-sm',
        good && 'border-success/40 bg-success/5',
        bad && 'border-danger/40 bg-danger/5',
      )}
    >
      <Icon
        className={cn('mt-0.5 size-5 shrink-0', good ? 'text-success' : bad ? 'text-danger' : 'text-primary')}
        aria-hidden="true"
      />
      <div>
        <p className="font-semibold">
          {ui.depositOf(deposit.credits, `${deposit.amount} ${deposit.currency}`)}
        </p>
        <p className="text-muted">{depositSentence(deposit)}</p>
      </div>
    </Card>
  );
}

/** `credited(n)` once: when a deposit seen pending settles, or when the page opens on one just settled. */
function useCreditedToast(deposit: Deposit | undefined) {
  const seenPending = useRef(false);
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!deposit) return;
    if (deposit.status === 'pending') seenPending.current = true;
    if (deposit.status !== 'settled' || announced.current === deposit.id) return;
    const fresh = deposit.settledAt !== null && Date.now() - Date.parse(deposit.settledAt) < FRESH_MS;
    if (seenPending.current || fresh) {
      announced.current = deposit.id;
      toast.success(m.credited(deposit.credits), { id: `deposit-${deposit.id}` });
    }
  }, [deposit]);
}
