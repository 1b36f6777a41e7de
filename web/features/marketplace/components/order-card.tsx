import { KeyRound, LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../../contract/orders.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { orderUi as ui } from '../../../../contract/texts/order-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { withParts } from '../../../lib/text-parts.tsx';
import { useOrderDetail } from '../api.ts';
import { BuyerOrderActions, OrderStatusBadge, SettlementSummary, TimeLeft } from './order-actions.tsx';

const isOpen = (o: Order) => o.status === 'held' || o.status === 'disputed';

/** One of my orders: what, with whom, for how much, where it stands, and what I can do about it. */
export function OrderCard({ order }: { order: Order }) {
  const bought = order.role === 'buyer';
  const counterparty = bought ? order.seller : order.buyer;
  const party = bought ? ui.fromSeller : ui.toBuyer;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={bought ? 'primary' : 'success'}>{bought ? ui.bought : w.sold}</Badge>
          <OrderStatusBadge order={order} />
        </div>
        <div className="ml-auto text-right">
          <p className="font-bold whitespace-nowrap text-primary">{w.credits(order.price)}</p>
          {order.units > 1 && <p className="text-xs whitespace-nowrap text-muted">{ui.units(order.units)}</p>}
          {!bought && (
            <p className="text-xs whitespace-nowrap text-muted">
              {ui.feePayout(order.fee, order.price - order.fee)}
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
          {counterparty
            ? withParts(
                party,
                <ProfileLink person={counterparty} className="hover:text-fg hover:underline" />,
              )
            : party(w.formerMember)}{' '}
          · <DateTime at={order.createdAt} short />
        </p>
      </div>

      {order.status === 'held' && <TimeLeft releaseAt={order.releaseAt} />}
      {order.status === 'disputed' && (
        <p className="text-sm text-muted">{bought ? ui.disputedBuyer : ui.disputedSeller}</p>
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
            {ui.viewDispute}
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
      <Button size="sm" variant="ghost" onClick={() => setShown(true)} icon={KeyRound}>
        {ui.showContentLink}
      </Button>
    );
  }
  if (detail.isPending) return <Spinner className="size-4" label={ui.loadingContentLink} />;
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
        <span className="text-muted">{ui.noContentLink}</span>
      )}
    </p>
  );
}
