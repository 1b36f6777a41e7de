import { Eye, Gavel, LifeBuoy, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { orderMessages as m } from '../../../../contract/messages/order.ts';
import type { Order } from '../../../../contract/orders.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { orderUi as ui } from '../../../../contract/texts/order-ui.ts';
import { AdminIconLink, AdminRowActions } from '../../../components/ui/admin-row-actions.tsx';
import { AdminCell, AdminDateCell, AdminRow, AdminTable } from '../../../components/ui/admin-table.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { SettleOrderForm } from '../../../components/ui/settle-order-form.tsx';
import { formatTimeLeft, useNow } from '../../../lib/orders.ts';
import { type AdminOrderStatus, useAdminOrders, useSettleHeldOrder } from '../api.ts';
import { OrderStatusBadge } from '../components/order-actions.tsx';

/** Staff: orders by status (disputes first), each dispute linking to its ticket where it is settled. */
export function AdminOrdersPage() {
  const [status, setStatus] = useState<AdminOrderStatus>('disputed');
  const query = useAdminOrders(status);
  const now = useNow();
  const [settling, setSettling] = useState<Order | null>(null);
  const settle = useSettleHeldOrder();
  const statusOptions: Record<AdminOrderStatus, string> = {
    disputed: ui.filterDisputed,
    held: ui.filterHeld,
    released: ui.filterReleased,
    refunded: ui.filterRefunded,
    all: commonUi.all,
  };

  return (
    <Page title={ui.title} icon={Receipt} intro={ui.adminIntro}>
      <div className="mb-4 max-w-full overflow-x-auto">
        <Segmented label={commonUi.status} value={status} options={statusOptions} onChange={setStatus} />
      </div>
      <AdminTable
        query={query}
        texts={{ failed: m.loadFailed, loading: ui.loading, empty: m.empty }}
        columns={[w.listing, ui.buyerToSeller, commonUi.price, commonUi.status, ui.date, commonUi.actions]}
      >
        {(o) => (
          <AdminRow>
            <AdminCell className="max-w-56">
              <p className="truncate font-medium" title={o.listingTitle}>
                {o.listingTitle}
              </p>
              {o.disputeReason && <p className="truncate text-xs text-muted">{o.disputeReason}</p>}
            </AdminCell>
            <AdminCell>
              <p className="truncate">{o.buyer?.username ?? ui.deletedMember}</p>
              <p className="truncate text-xs text-muted">→ {o.seller?.username ?? ui.deletedMember}</p>
            </AdminCell>
            <AdminCell className="whitespace-nowrap">{w.credits(o.price)}</AdminCell>
            <AdminCell>
              <OrderStatusBadge order={o} />
              {o.status === 'held' && (
                <p className="mt-1 text-xs whitespace-nowrap text-muted">
                  {formatTimeLeft(o.releaseAt, now)}
                </p>
              )}
            </AdminCell>
            <AdminDateCell at={o.disputedAt ?? o.createdAt} short />
            <AdminRowActions>
              {o.ticketId && (
                <Link
                  to={`/admin/tickets/${o.ticketId}`}
                  className={buttonClasses(o.status === 'disputed' ? 'primary' : 'outline', 'sm')}
                  aria-label={ui.ticketFor(o.listingTitle)}
                >
                  <LifeBuoy className="size-4" aria-hidden="true" />
                  {ui.ticket}
                </Link>
              )}
              {o.abilities.settle && o.status === 'held' && (
                <Button
                  size="sm"
                  onClick={() => setSettling(o)}
                  aria-label={ui.settleItem(o.listingTitle)}
                  icon={Gavel}
                >
                  {ui.settle}
                </Button>
              )}
              {o.listingId && (
                <AdminIconLink to={`/marketplace/${o.listingId}`} label={w.view(o.listingTitle)}>
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
        title={settling ? ui.settleTitle(settling.listingTitle) : ui.settleOrder}
        description={ui.settleHeldIntro}
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
    </Page>
  );
}
