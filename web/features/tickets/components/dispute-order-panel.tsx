import { Eye, KeyRound, ShieldAlert } from 'lucide-react';
import { orderMessages as m } from '../../../../contract/messages/order.ts';
import type { OrderDetail } from '../../../../contract/orders.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { ListingTitle } from '../../../components/ui/listing-title.tsx';
import { SettleOrderForm } from '../../../components/ui/settle-order-form.tsx';
import { SettlementNote } from '../../../components/ui/settlement-note.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { orderStatusLabel, orderStatusTones } from '../../../lib/orders.ts';
import toast from '../../../lib/toast.ts';
import { useRevealContentLink, useSettleDispute, useTicketOrder } from '../api.ts';

/**
 * On a dispute's ticket: the order it is about (both parties and staff), and for staff the settlement
 * form: refund the buyer in full, release to the seller, or split, always with a note.
 */
export function DisputeOrderPanel({ orderId, canSettle }: { orderId: string; canSettle: boolean }) {
  const query = useTicketOrder(orderId);
  const order = query.data;
  if (!order) {
    if (query.isError) return null;
    return (
      <Card role="status" aria-live="polite" className="mb-6 p-5">
        <span className="sr-only">{ui.loadingOrder}</span>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="mt-3 h-4 w-3/4" />
      </Card>
    );
  }
  return (
    <Card className="mb-6 p-5" aria-label={ui.disputedOrder} role="region">
      <div className="flex flex-wrap items-center gap-2">
        <ShieldAlert className="size-5 shrink-0 text-amber-500" aria-hidden="true" />
        <h2 className="font-semibold">{ui.disputedOrder}</h2>
        <Badge tone={orderStatusTones[order.status]}>{orderStatusLabel(order)}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{ui.listing}</dt>
        <dd className="break-words">
          <ListingTitle of={order} className="font-medium hover:underline" />
        </dd>
        <dt className="text-muted">{ui.buyer}</dt>
        <dd>{order.buyer?.username ?? ui.deletedMember}</dd>
        <dt className="text-muted">{ui.seller}</dt>
        <dd>{order.seller?.username ?? ui.deletedMember}</dd>
        <dt className="text-muted">{commonUi.price}</dt>
        <dd>
          {ui.priceCredits(order.price)} <span className="text-muted">{ui.fee(order.fee)}</span>
        </dd>
        {order.disputedAt && (
          <>
            <dt className="text-muted">{ui.disputed}</dt>
            <dd>
              <DateTime at={order.disputedAt} />
            </dd>
          </>
        )}
      </dl>
      {order.settledAt && (
        <SettlementNote
          className="mt-4"
          summary={ui.settled(order.refundedAmount, order.sellerPayout)}
          noteLabel={ui.staffNote}
          note={order.settlementNote}
        />
      )}
      {canSettle && order.status === 'disputed' && <RevealContentLink orderId={order.id} />}
      {canSettle && order.status === 'disputed' && <DisputeSettleForm order={order} />}
    </Card>
  );
}

/**
 * Staff do not see what was sold unless they ask: the link is fetched by an explicit action that the server
 * records in the audit log (once per staff member and order), never by simply opening the ticket.
 */
function RevealContentLink({ orderId }: { orderId: string }) {
  const reveal = useRevealContentLink();
  const link = reveal.data?.contentLink;
  if (link) {
    return (
      <section
        aria-label={ui.contentLink}
        className="mt-4 flex items-start gap-3 rounded-xl border border-line bg-surface-2 p-3 text-sm"
      >
        <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium">{ui.contentLinkRevealed}</p>
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-primary underline"
          >
            {link}
          </a>
        </div>
      </section>
    );
  }
  return (
    <div className="mt-4">
      <Button
        icon={Eye}
        variant="outline"
        loading={reveal.isPending}
        onClick={() =>
          reveal.mutate(orderId, { onError: (err) => toast.error(errorMessage(err, m.revealFailed)) })
        }
      >
        {ui.revealContentLink}
      </Button>
      <p className="mt-1 text-xs text-muted">{ui.revealHint}</p>
    </div>
  );
}

function DisputeSettleForm({ order }: { order: OrderDetail }) {
  const settle = useSettleDispute();
  return (
    <SettleOrderForm
      order={order}
      kind="dispute"
      pending={settle.isPending}
      onSettle={(body) => settle.mutateAsync({ orderId: order.id, body })}
    />
  );
}
