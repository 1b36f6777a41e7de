import { Receipt, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { orderMessages as m } from '../../../../contract/messages/order.ts';
import { watchMessages } from '../../../../contract/messages/watch.ts';
import type { Order } from '../../../../contract/orders.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { orderUi as ui } from '../../../../contract/texts/order-ui.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SellerDashboardLink } from '../../../components/ui/market-links.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import toast from '../../../lib/toast.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { type OrderRole, useOrderDetail, useOrders } from '../api.ts';
import { buyerCanAct, DisputeDialog } from '../components/order-actions.tsx';
import { OrderCard } from '../components/order-card.tsx';

/** My purchases and sales: escrow state, the protection window, the buyer's actions, settlements. */
export function OrdersPage() {
  const tabs: Record<OrderRole, string> = { all: commonUi.all, buyer: ui.purchases, seller: ui.sales };
  const { value: role, tabStrip, tabPanel } = useTabs('orders', ui.title, tabs, 'all');
  const query = useOrders(role);
  useFailureToast(query.isError, 'orders-load', m.loadFailed, query.error);
  // A detection alert links here with ?dispute=<order>: that order's dispute, its reason filled in.
  const [params, setParams] = useSearchParams();
  const disputeId = params.get('dispute');

  const actions = (
    <>
      <SellerDashboardLink />
      <ButtonLink to="/wallet" icon={Wallet} variant="outline">
        {ui.wallet}
      </ButtonLink>
    </>
  );

  return (
    <Page width="max-w-4xl" title={ui.title} icon={Receipt} intro={ui.intro} actions={actions}>
      <Tabs {...tabStrip} className="mb-5" />
      <div {...tabPanel} className="focus-visible:outline-none">
        <PagedList
          query={query}
          loading={<SkeletonRows label={ui.loading} rows={6} className="h-32 w-full rounded-2xl" />}
          empty={<EmptyState text={m.empty} icon={<Receipt className="size-8" aria-hidden="true" />} />}
          label={ui.list}
        >
          {(o) => <OrderCard order={o} />}
        </PagedList>
      </div>
      {disputeId && (
        <DisputeOffer key={disputeId} orderId={disputeId} onDone={() => setParams({}, { replace: true })} />
      )}
    </Page>
  );
}

/**
 * The one-click dispute a detection alert offers: the order's dispute form opens with the reason filled
 * in, while the order can still be disputed (held, inside the window, mine); otherwise it says so.
 */
function DisputeOffer({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const detail = useOrderDetail(orderId);
  // Decided once, on the order as first loaded: the dispute opened from this form is not a reason to say
  // afterwards that the order can no longer be disputed.
  const [offered, setOffered] = useState<Order | null>(null);
  const order = detail.data;
  const gone = !offered && (detail.isError || (order !== undefined && !buyerCanAct(order)));
  useEffect(() => {
    if (!offered && order && buyerCanAct(order)) setOffered(order);
  }, [offered, order]);
  useEffect(() => {
    if (!gone) return;
    toast.error(watchMessages.disputeOfferGone, { id: 'dispute-offer' });
    onDone();
  }, [gone, onDone]);
  if (!offered) return null;
  return (
    <DisputeDialog
      order={offered}
      open
      onClose={onDone}
      defaultReason={watchMessages.detectedDisputeReason}
    />
  );
}
