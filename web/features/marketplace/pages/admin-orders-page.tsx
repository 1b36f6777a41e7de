import { Eye, Gavel, LifeBuoy, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { orderMessages as m } from '../../../../contract/messages.ts';
import type { Order } from '../../../../contract/orders.ts';
import { AdminIconLink, AdminRowActions } from '../../../components/ui/admin-row-actions.tsx';
import { AdminCell, AdminRow, AdminTable } from '../../../components/ui/admin-table.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { SettleOrderForm } from '../../../components/ui/settle-order-form.tsx';
import { formatDateShort, toIsoString } from '../../../lib/format.ts';
import { formatTimeLeft, useNow } from '../../../lib/orders.ts';
import { type AdminOrderStatus, useAdminOrders, useSettleHeldOrder } from '../api.ts';
import { OrderStatusBadge } from '../components/order-actions.tsx';

const statusOptions: Record<AdminOrderStatus, string> = {
  disputed: 'Disputed',
  held: 'In escrow',
  released: 'Completed',
  refunded: 'Refunded',
  all: 'All',
};

/** Staff: orders by status (disputes first), each dispute linking to its ticket where it is settled. */
export function AdminOrdersPage() {
  const [status, setStatus] = useState<AdminOrderStatus>('disputed');
  const query = useAdminOrders(status);
  const now = useNow();
  const [settling, setSettling] = useState<Order | null>(null);
  const settle = useSettleHeldOrder();

  return (
    <div>
      <PageHeader title="Orders" icon={Receipt}>
        Marketplace orders in escrow, disputed and settled. Settle a dispute from its ticket, and a banned
        seller's held order here.
      </PageHeader>
      <div className="mb-4 max-w-full overflow-x-auto">
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
      </div>
      <AdminTable
        query={query}
        texts={{ failed: m.loadFailed, loading: 'Loading orders…', empty: m.empty }}
        columns={['Listing', 'Buyer → Seller', 'Price', 'Status', 'Date', 'Actions']}
      >
        {(o) => (
          <AdminRow key={o.id}>
            <AdminCell className="max-w-56">
              <p className="truncate font-medium" title={o.listingTitle}>
                {o.listingTitle}
              </p>
              {o.disputeReason && <p className="truncate text-xs text-muted">{o.disputeReason}</p>}
            </AdminCell>
            <AdminCell>
              <p className="truncate">{o.buyer?.username ?? 'Deleted member'}</p>
              <p className="truncate text-xs text-muted">→ {o.seller?.username ?? 'Deleted member'}</p>
            </AdminCell>
            <AdminCell className="whitespace-nowrap">{o.price} Credits</AdminCell>
            <AdminCell>
              <OrderStatusBadge order={o} />
              {o.status === 'held' && (
                <p className="mt-1 text-xs whitespace-nowrap text-muted">
                  {formatTimeLeft(o.releaseAt, now)}
                </p>
              )}
            </AdminCell>
            <AdminCell className="whitespace-nowrap text-muted">
              <time dateTime={toIsoString(o.disputedAt ?? o.createdAt)}>
                {formatDateShort(o.disputedAt ?? o.createdAt)}
              </time>
            </AdminCell>
            <AdminRowActions>
              {o.ticketId && (
                <Link
                  to={`/admin/tickets/${o.ticketId}`}
                  className={buttonClasses(o.status === 'disputed' ? 'primary' : 'outline', 'sm')}
                  aria-label={`Ticket for ${o.listingTitle}`}
                >
                  <LifeBuoy className="size-4" aria-hidden="true" />
                  Ticket
                </Link>
              )}
              {o.abilities.settle && o.status === 'held' && (
                <Button size="sm" onClick={() => setSettling(o)} aria-label={`Settle ${o.listingTitle}`}>
                  <Gavel className="size-4" aria-hidden="true" />
                  Settle
                </Button>
              )}
              {o.listingId && (
                <AdminIconLink to={`/marketplace/${o.listingId}`} label={`View ${o.listingTitle}`}>
                  <Eye className="size-4" aria-hidden="true" />
                </AdminIconLink>
              )}
            </AdminRowActions>
          </AdminRow>
        )}
      </AdminTable>
      <Dialog
        open={settling !== null}
        onOpenChange={(open) => !open && setSettling(null)}
        title={settling ? `Settle “${settling.listingTitle}”` : 'Settle order'}
        description="The seller's account is suspended, so this order's credits wait in escrow for staff."
      >
        {settling && (
          <SettleOrderForm
            order={settling}
            kind="held"
            pending={settle.isPending}
            onSettle={async (body) => {
              await settle.mutateAsync({ id: settling.id, body });
              setSettling(null);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
