import { LifeBuoy, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../../contract/orders.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { BuyerOrderActions, OrderStatusBadge, SettlementSummary, TimeLeft } from './order-actions.tsx';

const orderLines: Record<Order['status'], Record<'buyer' | 'seller' | 'staff', string>> = {
  held: {
    buyer:
      'Your credits are held in escrow. Confirm delivery once you have what you paid for, or open a dispute if something is wrong.',
    seller:
      'The buyer’s credits are held in escrow. You are paid when the buyer confirms delivery or when the protection window ends.',
    staff: 'The credits are held in escrow until the buyer confirms delivery or the protection window ends.',
  },
  disputed: {
    buyer: 'You opened a dispute. The credits stay in escrow until our staff settle it.',
    seller: 'The buyer opened a dispute. The credits stay in escrow until our staff settle it.',
    staff: 'The buyer opened a dispute. The credits stay in escrow until staff settle it.',
  },
  released: {
    buyer: 'The order is complete and the seller has been paid.',
    seller: 'The order is complete and you have been paid.',
    staff: 'The order is complete and the seller has been paid.',
  },
  refunded: {
    buyer: 'The order was refunded to you.',
    seller: 'The order was refunded to the buyer.',
    staff: 'The order was refunded to the buyer.',
  },
};

/** The sale's escrow state, for its two parties (and staff): status, window, actions, settlement. */
export function OrderPanel({ order }: { order: Order }) {
  return (
    <section
      aria-label="Order"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <h2 className="font-semibold">Buyer protection</h2>
        <OrderStatusBadge order={order} />
        {order.status === 'held' && <TimeLeft releaseAt={order.releaseAt} />}
      </div>
      <p className="text-sm">{orderLines[order.status][order.role]}</p>
      {order.role === 'seller' && order.status === 'held' && (
        <p className="text-sm text-muted">
          You will receive {order.price - order.fee} credits ({order.fee} credits fee).
        </p>
      )}
      <SettlementSummary order={order} />
      <div className="flex flex-wrap gap-2">
        <BuyerOrderActions order={order} />
        {order.ticketId && (
          <Link to={`/tickets/${order.ticketId}`} className={buttonClasses('secondary', 'sm')}>
            <LifeBuoy className="size-4" aria-hidden="true" />
            View dispute
          </Link>
        )}
      </div>
    </section>
  );
}
