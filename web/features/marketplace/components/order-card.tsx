import { KeyRound, LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../../contract/orders.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateShort, toIsoString } from '../../../lib/format.ts';
import { useOrderDetail } from '../api.ts';
import { BuyerOrderActions, OrderStatusBadge, SettlementSummary, TimeLeft } from './order-actions.tsx';

const isOpen = (o: Order) => o.status === 'held' || o.status === 'disputed';

/** One of my orders: what, with whom, for how much, where it stands, and what I can do about it. */
export function OrderCard({ order }: { order: Order }) {
  const bought = order.role === 'buyer';
  const counterparty = bought ? order.seller : order.buyer;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={bought ? 'primary' : 'success'}>{bought ? 'Bought' : 'Sold'}</Badge>
          <OrderStatusBadge order={order} />
        </div>
        <div className="ml-auto text-right">
          <p className="font-bold whitespace-nowrap text-primary">{order.price} Credits</p>
          {order.units > 1 && <p className="text-xs whitespace-nowrap text-muted">{order.units} units</p>}
          {!bought && (
            <p className="text-xs whitespace-nowrap text-muted">
              fee {order.fee} · payout {order.price - order.fee}
            </p>
          )}
        </div>
      </div>
      <div className="-mt-1 min-w-0">
        {order.listingId ? (
          <Link to={`/marketplace/${order.listingId}`} className="font-semibold break-words hover:underline">
            {order.listingTitle}
          </Link>
        ) : (
          <span className="font-semibold break-words">{order.listingTitle}</span>
        )}
        <p className="text-sm text-muted">
          {bought ? 'from' : 'to'}{' '}
          {counterparty ? (
            <Link to={`/profile/${counterparty.id}`} className="hover:text-fg hover:underline">
              {counterparty.username}
            </Link>
          ) : (
            'a former member'
          )}{' '}
          · <time dateTime={toIsoString(order.createdAt)}>{formatDateShort(order.createdAt)}</time>
        </p>
      </div>

      {order.status === 'held' && <TimeLeft releaseAt={order.releaseAt} />}
      {order.status === 'disputed' && (
        <p className="text-sm text-muted">
          {bought
            ? 'You opened a dispute. The credits stay in escrow until our staff settle it.'
            : 'The buyer opened a dispute. The credits stay in escrow until our staff settle it.'}
        </p>
      )}
      <SettlementSummary order={order} />

      <div className="flex flex-wrap items-center gap-2">
        <BuyerOrderActions order={order} />
        {order.ticketId && (
          <Link
            to={`/tickets/${order.ticketId}`}
            className={buttonClasses(isOpen(order) ? 'secondary' : 'ghost', 'sm')}
          >
            <LifeBuoy className="size-4" aria-hidden="true" />
            View dispute
          </Link>
        )}
        {(order.role === 'buyer' || order.role === 'seller') && order.listingId && (
          <ContentLink orderId={order.id} />
        )}
      </div>
    </Card>
  );
}

/** The content link is fetched on demand, for the two parties only (the buyer's first view is recorded). */
function ContentLink({ orderId }: { orderId: string }) {
  const [shown, setShown] = useState(false);
  const detail = useOrderDetail(orderId, shown);
  if (!shown) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setShown(true)}>
        <KeyRound className="size-4" aria-hidden="true" />
        Show content link
      </Button>
    );
  }
  if (detail.isPending) return <Spinner className="size-4" label="Loading content link…" />;
  const link = detail.data?.contentLink;
  return (
    <p className="flex min-w-0 basis-full items-start gap-2 rounded-xl border border-success/30 bg-success/10 px-3 py-2 text-sm">
      <KeyRound className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 break-all text-primary underline"
        >
          {link}
        </a>
      ) : (
        <span className="text-muted">No content link is available.</span>
      )}
    </p>
  );
}
