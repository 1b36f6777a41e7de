import { LifeBuoy, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../../contract/orders.ts';
import { orderUi as ui } from '../../../../contract/texts/order-ui.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { BuyerOrderActions, OrderStatusBadge, SettlementSummary, TimeLeft } from './order-actions.tsx';

/** Where the order stands, as its buyer, its seller or staff read it (at render: the words follow the language). */
function orderLine(status: Order['status'], role: Order['role']): string {
  const lines: Record<Order['status'], Record<Order['role'], string>> = {
    held: { buyer: ui.heldBuyer, seller: ui.heldSeller, staff: ui.heldStaff },
    disputed: { buyer: ui.disputedBuyer, seller: ui.disputedSeller, staff: ui.disputedStaff },
    released: { buyer: ui.releasedBuyer, seller: ui.releasedSeller, staff: ui.releasedBuyer },
    refunded: { buyer: ui.refundedBuyer, seller: ui.refundedSeller, staff: ui.refundedSeller },
  };
  return lines[status][role];
}

/** The sale's escrow state, for its two parties (and staff): status, window, actions, settlement. */
export function OrderPanel({ order }: { order: Order }) {
  return (
    <section
      aria-label={ui.order}
      className="mt-6 flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <h2 className="font-semibold">{ui.buyerProtection}</h2>
        <OrderStatusBadge order={order} />
        {order.status === 'held' && <TimeLeft releaseAt={order.releaseAt} />}
      </div>
      <p className="text-sm">{orderLine(order.status, order.role)}</p>
      {order.role === 'seller' && order.status === 'held' && (
        <p className="text-sm text-muted">{ui.youWillReceive(order.price - order.fee, order.fee)}</p>
      )}
      <SettlementSummary order={order} />
      <div className="flex flex-wrap gap-2">
        <BuyerOrderActions order={order} />
        {order.ticketId && (
          <Link to={`/tickets/${order.ticketId}`} className={buttonClasses('secondary', 'sm')}>
            <LifeBuoy className="size-4" aria-hidden="true" />
            {ui.viewDispute}
          </Link>
        )}
      </div>
    </section>
  );
}
