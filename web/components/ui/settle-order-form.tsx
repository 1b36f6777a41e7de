import { Gavel } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { orderMessages as m } from '../../../contract/messages/order.ts';
import { type Order, settleBody } from '../../../contract/orders.ts';
import { settleUi as ui } from '../../../contract/texts/components-ui.ts';
import { useZodForm } from '../../lib/forms.ts';
import toast from '../../lib/toast.ts';
import { Button } from './button.tsx';
import { ChoiceCards } from './choice-cards.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { WholeNumberInput } from './input.tsx';
import { Textarea } from './textarea.tsx';

/** The form's words for each kind of settlement, read at render (the active language). */
const texts = (kind: 'dispute' | 'held') =>
  kind === 'dispute'
    ? {
        action: ui.settleDispute,
        done: m.settled,
        failed: m.settleFailed,
        noteHint: ui.disputeNoteHint,
        confirm: ui.confirmCloses,
      }
    : {
        action: ui.settleOrder,
        done: m.heldSettled,
        failed: m.heldSettleFailed,
        noteHint: ui.heldNoteHint,
        confirm: ui.confirm,
      };

type Outcome = 'refund' | 'release' | 'split';

/** The server's division (orders service `divide`), previewed before staff confirm. */
function preview(order: Pick<Order, 'price' | 'fee'>, outcome: Outcome, buyerRefund = 0) {
  const refund = outcome === 'refund' ? order.price : outcome === 'release' ? 0 : buyerRefund;
  const sellerPart = order.price - refund;
  const fee = Math.floor((order.fee * sellerPart) / order.price);
  return { refund, payout: sellerPart - fee, fee };
}

type SettleOut = z.output<typeof settleBody>;

const outcomes = (o: Pick<Order, 'price' | 'fee'>): { value: Outcome; label: string; note: string }[] => [
  { value: 'refund', label: ui.refund, note: ui.refundText(o.price) },
  { value: 'release', label: ui.release, note: ui.releaseText(o.price - o.fee, o.fee) },
  { value: 'split', label: ui.split, note: ui.splitText },
];

export interface SettleOrderFormProps {
  order: Pick<Order, 'id' | 'price' | 'fee' | 'buyer' | 'seller'>;
  /** `dispute`: on the dispute's ticket, which the settlement closes; `held`: a held order of a banned seller. */
  kind: 'dispute' | 'held';
  onSettle: (body: SettleOut) => Promise<unknown>;
  pending: boolean;
}

/**
 * Staff settle an order: refund the buyer in full, release to the seller, or split, always with a note, and
 * confirm after seeing who gets what.
 */
export function SettleOrderForm({ order, kind, onSettle, pending: saving }: SettleOrderFormProps) {
  const words = texts(kind);
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
  const { field, handleSubmit, control, failed } = useZodForm(schema, { defaultValues: { note: '' } });
  const outcome = useWatch({ control, name: 'outcome' });

  const onSubmit = handleSubmit((body) =>
    setPending({ ...body, buyerRefund: body.outcome === 'split' ? body.buyerRefund : undefined }),
  );

  // mutateAsync: the answer unmounts this form (the order is settled), the toast must still show.
  const onConfirm = async () => {
    if (!pending) return;
    try {
      await onSettle(pending);
      toast.success(words.done);
    } catch (err) {
      failed(words.failed, ['outcome', 'buyerRefund', 'note'])(err);
    }
    setPending(undefined);
  };

  const share = pending ? preview(order, pending.outcome, pending.buyerRefund) : undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4 border-t border-line pt-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <Gavel className="size-4 text-primary" aria-hidden="true" />
        {words.action}
      </h3>
      <ChoiceCards
        legend={ui.outcome}
        value={outcome}
        choices={outcomes(order)}
        register={field('outcome')}
        layout="grid gap-2 md:grid-cols-3"
      />
      {outcome === 'split' && (
        <WholeNumberInput
          label={ui.buyerRefund}
          min={1}
          max={order.price - 1}
          step={1}
          className="sm:max-w-xs"
          hint={ui.between(order.price - 1)}
          {...field('buyerRefund', {
            setValueAs: (v: unknown) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
          })}
        />
      )}
      <Textarea label={ui.note} rows={3} maxLength={2000} hint={words.noteHint} {...field('note')} />
      <div>
        <Button type="submit" icon={Gavel}>
          {words.action}
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => !open && setPending(undefined)}
        title={words.action}
        message={
          share
            ? words.confirm(
                share.refund,
                order.buyer?.username ?? ui.theBuyer,
                share.payout,
                order.seller?.username ?? ui.theSeller,
              )
            : ''
        }
        confirmLabel={words.action}
        onConfirm={() => void onConfirm()}
        pending={saving}
      />
    </form>
  );
}
