import { Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { withdrawalMessages as m } from '../../../../contract/messages/withdrawal.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import {
  createWithdrawalBody,
  type PayoutDestination,
  type WithdrawalMethod,
  type WithdrawalOptions,
  withdrawalMethodLabels,
} from '../../../../contract/withdrawals.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { WholeNumberInput } from '../../../components/ui/input.tsx';
import { formatDateLong } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/forms.ts';
import { useNow } from '../../../lib/orders.ts';
import toast from '../../../lib/toast.ts';
import { useCreateWithdrawal } from '../api.ts';
import { formatPrice } from '../labels.ts';
import { CodeInput } from './code-input.tsx';

/** The method's payout address, whether it can be used yet, and the way to set or change it. */
function AddressLine({
  address,
  now,
  onEdit,
}: {
  address: PayoutDestination | undefined;
  now: number;
  onEdit: () => void;
}) {
  const held = address && Date.parse(address.usableAt) > now;
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-surface-2 px-4 py-3 text-sm sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{ui.payoutAddress}</p>
        {address ? (
          <p className="break-all text-muted">{address.destination}</p>
        ) : (
          <p className="text-danger">{m.noDestination}</p>
        )}
        {held && (
          <p className="text-amber-600 dark:text-amber-400">
            {m.destinationOnHold(formatDateLong(address.usableAt))}
          </p>
        )}
      </div>
      <Button variant="outline" size="sm" onClick={onEdit} icon={Pencil}>
        {address ? ui.changeAddress : ui.setAddress}
      </Button>
    </div>
  );
}

export function WithdrawForm({
  options,
  withdrawable,
  addresses,
  method,
  onMethod,
  onEditAddress,
  onClose,
}: {
  options: WithdrawalOptions;
  withdrawable: number;
  addresses: PayoutDestination[];
  method: WithdrawalMethod;
  onMethod: (method: WithdrawalMethod) => void;
  onEditAddress: () => void;
  onClose: () => void;
}) {
  const now = useNow();
  const request = useCreateWithdrawal();
  const { field, handleSubmit, failed, watch } = useZodForm(createWithdrawalBody, {
    defaultValues: { method, credits: withdrawable, code: '' },
  });
  const chosen = watch('method');
  useEffect(() => {
    if (chosen && chosen !== method) onMethod(chosen);
  }, [chosen, method, onMethod]);
  const credits = watch('credits');
  const address = addresses.find((a) => a.method === chosen);
  const usable = address !== undefined && Date.parse(address.usableAt) <= now;
  const fee = Number.isInteger(credits) && credits > 0 ? Math.floor((credits * options.feePercent) / 100) : 0;
  const payout = Math.max((Number.isInteger(credits) ? credits : 0) - fee, 0);

  const onSubmit = handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: () => {
        toast.success(m.requested);
        onClose();
      },
      onError: failed(ui.requestFailed, ['method', 'credits', 'code']),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ChoiceCards
        legend={ui.payoutMethod}
        value={chosen}
        choices={options.methods.map((v) => ({
          value: v,
          label: withdrawalMethodLabels[v],
          // With one method the address line below says it; with several, each choice shows its own.
          note:
            options.methods.length > 1
              ? (addresses.find((a) => a.method === v)?.destination ?? ui.noPayoutAddress)
              : undefined,
        }))}
        register={field('method')}
      />
      <AddressLine address={address} now={now} onEdit={onEditAddress} />
      <WholeNumberInput
        label={commonUi.credits}
        min={options.minCredits}
        max={withdrawable}
        step={1}
        hint={ui.withdrawHint(withdrawable, options.minCredits)}
        {...field('credits', { valueAsNumber: true })}
      />
      <dl
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl bg-surface-2 px-4 py-3 text-sm"
        aria-live="polite"
      >
        <dt className="text-muted">{ui.fee(options.feePercent)}</dt>
        <dd className="text-right tabular-nums">{ui.creditsAmount(fee)}</dd>
        <dt className="font-medium">{ui.youReceive}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {ui.payoutAmount(payout, formatPrice(payout, options.creditsPerUnit, options.currency, 'down'))}
        </dd>
      </dl>
      <CodeInput {...field('code')} />
      <SubmitRow loading={request.isPending} disabled={!usable} cancel={onClose}>
        {ui.requestWithdrawal}
      </SubmitRow>
    </form>
  );
}
