import { CheckCircle2, Clock, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { orderMessages as m } from '../../../../contract/messages/order.ts';
import { disputeBody, disputeReasonLimits, type Order } from '../../../../contract/orders.ts';
import { orderUi as ui } from '../../../../contract/texts/order-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { SettlementNote } from '../../../components/ui/settlement-note.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/forms.ts';
import { formatTimeLeft, orderStatusLabel, orderStatusTones, useNow } from '../../../lib/orders.ts';
import toast from '../../../lib/toast.ts';
import { useConfirmDelivery, useOpenDispute } from '../api.ts';

export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'refundedAmount'> }) {
  return <Badge tone={orderStatusTones[order.status]}>{orderStatusLabel(order)}</Badge>;
}

/** The rest of the buyer-protection window of a held order, ticking once a minute. */
export function TimeLeft({ releaseAt }: { releaseAt: string }) {
  const now = useNow();
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-muted">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <time dateTime={releaseAt}>{formatTimeLeft(releaseAt, now)}</time>
    </span>
  );
}

/** Whether the buyer may still act: the order is held and its window has not ended. */
export function buyerCanAct(order: Order, now = Date.now()) {
  return order.role === 'buyer' && order.status === 'held' && new Date(order.releaseAt).getTime() > now;
}

/** The buyer's two choices on a held order: confirm delivery (pays the seller) or open a dispute. */
export function BuyerOrderActions({ order }: { order: Order }) {
  const confirm = useConfirmDelivery();
  // mutateAsync: the answer unmounts these actions (the order is no longer held), the toast must still show.
  const confirming = useConfirm(async (close) => {
    try {
      await confirm.mutateAsync(order.id);
      toast.success(m.confirmed);
    } catch (err) {
      toast.error(errorMessage(err, m.confirmFailed));
    }
    close();
  }, confirm.isPending);
  const [disputing, setDisputing] = useState(false);
  const now = useNow();
  if (!buyerCanAct(order, now)) return null;

  return (
    <>
      <Button size="sm" onClick={confirming.ask} icon={CheckCircle2}>
        {ui.confirmDelivery}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setDisputing(true)} icon={ShieldAlert}>
        {ui.openDispute}
      </Button>
      <ConfirmDialog
        {...confirming.dialog}
        title={ui.confirmDelivery}
        message={m.confirmPrompt}
        confirmLabel={ui.confirmDelivery}
      />
      <DisputeDialog order={order} open={disputing} onClose={() => setDisputing(false)} />
    </>
  );
}

/** The dispute form; `defaultReason` fills the reason in (a detection alert's one-click dispute). */
export function DisputeDialog({
  order,
  open,
  onClose,
  defaultReason = '',
}: {
  order: Order;
  open: boolean;
  onClose: () => void;
  defaultReason?: string;
}) {
  const dispute = useOpenDispute();
  const { field, handleSubmit, reset, failed } = useZodForm(disputeBody, {
    defaultValues: { reason: defaultReason },
  });

  const close = () => {
    reset({ reason: defaultReason });
    onClose();
  };

  // mutateAsync: the answer unmounts this dialog (the order is no longer held), the toast must still show.
  const onSubmit = handleSubmit(async (body) => {
    try {
      await dispute.mutateAsync({ id: order.id, body });
      toast.success(m.disputed);
      close();
    } catch (err) {
      failed(m.disputeFailed, ['reason'])(err);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={ui.openDispute}
      description={ui.disputeDescription(order.price, order.listingTitle)}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Textarea
          label={ui.whatWentWrong}
          rows={5}
          maxLength={disputeReasonLimits.max}
          hint={ui.atLeast(disputeReasonLimits.min)}
          {...field('reason')}
        />
        <SubmitRow variant="danger" loading={dispute.isPending} cancel={close} className="flex-wrap">
          {ui.openDispute}
        </SubmitRow>
      </form>
    </Dialog>
  );
}

/** How a settled order ended: who got what, and staff's note. */
export function SettlementSummary({ order }: { order: Order }) {
  if (!order.settledAt) return null;
  const byStaff = order.disputedAt !== null;
  if (!byStaff) {
    return (
      <p className="text-sm text-muted">
        {order.role === 'seller' ? ui.youWerePaid(order.sellerPayout) : ui.sellerWasPaid(order.sellerPayout)}
      </p>
    );
  }
  return (
    <SettlementNote
      summary={ui.disputeSettled(order.refundedAmount, order.sellerPayout)}
      noteLabel={ui.staffNote}
      note={order.settlementNote}
    />
  );
}
