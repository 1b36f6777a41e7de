import { withdrawalMessages as m } from '../../../../contract/messages/withdrawal.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import {
  type PayoutDestination,
  setPayoutDestinationBody,
  type WithdrawalMethod,
  withdrawalMethodLabels,
} from '../../../../contract/withdrawals.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import toast from '../../../lib/toast.ts';
import { useSetPayoutAddress } from '../api.ts';
import { CodeInput } from './code-input.tsx';

/** The address field's words per method, in the active language (called at render). */
const destinationLabels = (method: WithdrawalMethod): { label: string; hint: string } =>
  method === 'btcpay'
    ? { label: ui.bitcoinAddress, hint: ui.bitcoinAddressHint }
    : { label: ui.paymentDetails, hint: ui.paymentDetailsHint };

/**
 * Sets or changes the payout address of one method, confirmed with an authenticator code. A new address is
 * usable only after the site's hold (withdrawals.addressHoldHours), so a stolen session cannot redirect a
 * payout at once.
 */
export function PayoutAddressForm({
  method,
  current,
  onDone,
}: {
  method: WithdrawalMethod;
  current: PayoutDestination | undefined;
  onDone: () => void;
}) {
  const save = useSetPayoutAddress();
  const { field, handleSubmit, failed } = useZodForm(setPayoutDestinationBody, {
    defaultValues: { method, destination: current?.destination ?? '', code: '' },
  });
  const words = destinationLabels(method);
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(m.destinationSaved);
        onDone();
      },
      onError: failed(ui.saveAddressFailed, ['destination', 'code']),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={ui.payoutAddress} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        {withParts(
          current ? ui.changeAddressFor : ui.setAddressFor,
          <strong className="text-fg">{withdrawalMethodLabels[method]}</strong>,
        )}
      </p>
      <Input label={words.label} hint={words.hint} autoComplete="off" {...field('destination')} />
      <CodeInput {...field('code')} />
      <SubmitRow loading={save.isPending} cancel={onDone}>
        {ui.saveAddress}
      </SubmitRow>
    </form>
  );
}
