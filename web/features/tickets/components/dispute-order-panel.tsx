import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Gavel, KeyRound, ShieldAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { z } from 'zod';
import { orderMessages as m } from '../../../../contract/messages.ts';
import { type OrderDetail, settleBody } from '../../../../contract/orders.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { orderStatusLabel, orderStatusTones } from '../../../lib/orders.ts';
import { useRevealContentLink, useSettleDispute, useTicketOrder } from '../api.ts';

type Outcome = 'refund' | 'release' | 'split';

/** The server's division (orders service `divide`), previewed before staff confirm. */
function preview(order: Pick<OrderDetail, 'price' | 'fee'>, outcome: Outcome, buyerRefund = 0) {
  const refund = outcome === 'refund' ? order.price : outcome === 'release' ? 0 : buyerRefund;
  const sellerPart = order.price - refund;
  const fee = Math.floor((order.fee * sellerPart) / order.price);
  return { refund, payout: sellerPart - fee, fee };
}

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
        <span className="sr-only">Loading order…</span>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="mt-3 h-4 w-3/4" />
      </Card>
    );
  }
  return (
    <Card className="mb-6 p-5" aria-label="Disputed order" role="region">
      <div className="flex flex-wrap items-center gap-2">
        <ShieldAlert className="size-5 shrink-0 text-amber-500" aria-hidden="true" />
        <h2 className="font-semibold">Disputed order</h2>
        <Badge tone={orderStatusTones[order.status]}>{orderStatusLabel(order)}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Listing</dt>
        <dd className="break-words">
          {order.listingId ? (
            <Link to={`/marketplace/${order.listingId}`} className="font-medium hover:underline">
              {order.listingTitle}
            </Link>
          ) : (
            order.listingTitle
          )}
        </dd>
        <dt className="text-muted">Buyer</dt>
        <dd>{order.buyer?.username ?? 'Deleted member'}</dd>
        <dt className="text-muted">Seller</dt>
        <dd>{order.seller?.username ?? 'Deleted member'}</dd>
        <dt className="text-muted">Price</dt>
        <dd>
          {order.price} Credits <span className="text-muted">(fee {order.fee})</span>
        </dd>
        {order.disputedAt && (
          <>
            <dt className="text-muted">Disputed</dt>
            <dd>
              <time dateTime={toIsoString(order.disputedAt)}>{formatDateLong(order.disputedAt)}</time>
            </dd>
          </>
        )}
      </dl>
      {order.settledAt && (
        <div className="mt-4 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm">
          <p className="font-medium">
            Settled: {order.refundedAmount} credits refunded to the buyer, {order.sellerPayout} credits paid
            to the seller.
          </p>
          {order.settlementNote && (
            <p className="mt-1 break-words whitespace-pre-line text-muted">
              <span className="font-medium text-fg">Staff note:</span> {order.settlementNote}
            </p>
          )}
        </div>
      )}
      {canSettle && order.status === 'disputed' && <RevealContentLink orderId={order.id} />}
      {canSettle && order.status === 'disputed' && <SettleForm order={order} />}
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
        aria-label="Content link"
        className="mt-4 flex items-start gap-3 rounded-xl border border-line bg-surface-2 p-3 text-sm"
      >
        <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium">Content link (revealed, recorded in the audit log)</p>
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
        variant="outline"
        loading={reveal.isPending}
        onClick={() =>
          reveal.mutate(orderId, { onError: (err) => toast.error(errorMessage(err, m.revealFailed)) })
        }
      >
        <Eye className="size-4" aria-hidden="true" />
        Reveal content link
      </Button>
      <p className="mt-1 text-xs text-muted">
        Staff see what was sold only when a dispute needs it; this is audited.
      </p>
    </div>
  );
}

type SettleIn = z.input<typeof settleBody>;
type SettleOut = z.output<typeof settleBody>;

const outcomes: { value: Outcome; label: string; text: (o: OrderDetail) => string }[] = [
  {
    value: 'refund',
    label: 'Refund buyer in full',
    text: (o) => `${o.price} credits go back to the buyer.`,
  },
  {
    value: 'release',
    label: 'Release to seller',
    text: (o) => `The seller receives ${o.price - o.fee} credits (after the ${o.fee} credits fee).`,
  },
  {
    value: 'split',
    label: 'Split',
    text: () => 'Choose how many credits the buyer gets back; the seller gets the rest, less its fee share.',
  },
];

function SettleForm({ order }: { order: OrderDetail }) {
  const settle = useSettleDispute();
  const [pending, setPending] = useState<SettleOut | undefined>();
  // A split gives the buyer between 1 and price - 1 credits (the server checks it too).
  const schema = useMemo(
    () =>
      settleBody.superRefine((v, ctx) => {
        if (v.outcome !== 'split') return;
        if (v.buyerRefund === undefined || v.buyerRefund > order.price - 1) {
          ctx.addIssue({ code: 'custom', path: ['buyerRefund'], message: m.splitAmountInvalid });
        }
      }),
    [order.price],
  );
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<SettleIn, unknown, SettleOut>({
    resolver: zodResolver(schema),
    defaultValues: { note: '' },
  });
  const outcome = useWatch({ control, name: 'outcome' });

  const onSubmit = handleSubmit((body) =>
    setPending({ ...body, buyerRefund: body.outcome === 'split' ? body.buyerRefund : undefined }),
  );

  // mutateAsync: the answer unmounts this form (the order is settled), the toast must still show.
  const onConfirm = async () => {
    if (!pending) return;
    try {
      await settle.mutateAsync({ orderId: order.id, body: pending });
      toast.success(m.settled);
    } catch (err) {
      applyServerFieldErrors(err, setError, ['outcome', 'buyerRefund', 'note']);
      toast.error(errorMessage(err, m.settleFailed));
    }
    setPending(undefined);
  };

  const share = pending ? preview(order, pending.outcome, pending.buyerRefund) : undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4 border-t border-line pt-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <Gavel className="size-4 text-primary" aria-hidden="true" />
        Settle dispute
      </h3>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.outcome ? 'settle-outcome-error' : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Outcome</legend>
        <div className="grid gap-2 md:grid-cols-3">
          {outcomes.map((o) => (
            <label
              key={o.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 text-sm transition-colors',
                outcome === o.value ? 'border-primary bg-primary/5' : 'border-line hover:border-muted/50',
              )}
            >
              <input
                type="radio"
                value={o.value}
                className="mt-0.5 size-4 shrink-0 accent-primary"
                {...register('outcome')}
              />
              <span>
                <span className="block font-medium">{o.label}</span>
                <span className="mt-0.5 block text-xs text-muted">{o.text(order)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.outcome?.message && (
          <p id="settle-outcome-error" role="alert" className="text-sm text-danger">
            {errors.outcome.message}
          </p>
        )}
      </fieldset>
      {outcome === 'split' && (
        <Input
          label="Buyer refund (credits)"
          type="number"
          inputMode="numeric"
          min={1}
          max={order.price - 1}
          step={1}
          className="sm:max-w-xs"
          hint={`Between 1 and ${order.price - 1}.`}
          error={errors.buyerRefund?.message}
          {...register('buyerRefund', {
            setValueAs: (v: unknown) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
          })}
        />
      )}
      <Textarea
        label="Note"
        rows={3}
        maxLength={2000}
        hint="Posted on this ticket and sent to both parties; kept in the audit log."
        error={errors.note?.message}
        {...register('note')}
      />
      <div>
        <Button type="submit">
          <Gavel className="size-4" aria-hidden="true" />
          Settle dispute
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => !open && setPending(undefined)}
        title="Settle dispute"
        message={
          share
            ? `${share.refund} credits will be refunded to ${order.buyer?.username ?? 'the buyer'} and ${share.payout} credits paid to ${order.seller?.username ?? 'the seller'}. The ticket will be closed. This cannot be undone.`
            : ''
        }
        confirmLabel="Settle dispute"
        onConfirm={() => void onConfirm()}
        pending={settle.isPending}
      />
    </form>
  );
}
