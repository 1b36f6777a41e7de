import { type FormEvent, type ReactNode, useEffect } from 'react';
import { withdrawalMessages as m } from '../../../../contract/messages/withdrawal.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { withdrawalQueueUi as q } from '../../../../contract/texts/wallet-ui.ts';
import {
  type AdminWithdrawal,
  approveWithdrawalBody,
  rejectWithdrawalBody,
} from '../../../../contract/withdrawals.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import type { useDecideWithdrawal } from '../api.ts';

interface DecideProps {
  withdrawal: AdminWithdrawal | undefined;
  onClose: () => void;
  decide: ReturnType<typeof useDecideWithdrawal>;
}

const summary = (w: AdminWithdrawal | undefined) =>
  w
    ? q.summary(w.credits, w.member?.username ?? q.deletedMember, `${w.amount} ${w.currency}`, w.destination)
    : undefined;

/** The dialog around a decision's form, under the withdrawal's summary. */
function DecideDialog({
  withdrawal: w,
  onClose,
  title,
  onSubmit,
  children,
}: Omit<DecideProps, 'decide'> & {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={w !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={summary(w)}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
      </form>
    </Dialog>
  );
}

/** A manual payout is approved with its reference (the transfer staff made); a BTCPay one needs none. */
export function ApproveDialog({ withdrawal: w, onClose, decide }: DecideProps) {
  const { field, handleSubmit, reset, setError } = useZodForm(approveWithdrawalBody);
  useEffect(() => {
    if (w) reset({ reference: '' });
  }, [w, reset]);
  const manual = w?.method === 'manual';
  const onSubmit = handleSubmit(({ reference }) => {
    if (!w) return;
    if (manual && !reference) return setError('reference', { message: m.referenceRequired });
    decide.mutate(
      { id: w.id, action: 'approve', ...(manual ? { reference } : {}) },
      toastOutcome(m.approved, q.approveFailed, onClose),
    );
  });
  return (
    <DecideDialog withdrawal={w} onClose={onClose} title={q.approveTitle} onSubmit={onSubmit}>
      {manual ? (
        <Input label={q.payoutReference} hint={q.payoutReferenceHint} {...field('reference')} />
      ) : (
        <p className="text-sm text-muted">{q.btcpayNote}</p>
      )}
      <SubmitRow loading={decide.isPending} cancel={onClose}>
        {q.approve}
      </SubmitRow>
    </DecideDialog>
  );
}

/** Rejecting returns the credits to the member; the reason is shown to them. */
export function RejectDialog({ withdrawal: w, onClose, decide }: DecideProps) {
  const { field, handleSubmit, reset } = useZodForm(rejectWithdrawalBody);
  useEffect(() => {
    if (w) reset({ reason: '' });
  }, [w, reset]);
  const onSubmit = handleSubmit(({ reason }) => {
    if (!w) return;
    decide.mutate({ id: w.id, action: 'reject', reason }, toastOutcome(m.rejected, q.rejectFailed, onClose));
  });
  return (
    <DecideDialog withdrawal={w} onClose={onClose} title={q.rejectTitle} onSubmit={onSubmit}>
      <p className="text-sm text-muted">{q.rejectNote}</p>
      <Textarea label={commonUi.reason} rows={3} {...field('reason', { counter: 1000 })} />
      <SubmitRow variant="danger" loading={decide.isPending} cancel={onClose}>
        {q.reject}
      </SubmitRow>
    </DecideDialog>
  );
}
