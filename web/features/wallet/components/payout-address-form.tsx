import toast from 'react-hot-toast';
import { withdrawalMessages as m } from '../../../../contract/messages.ts';
import {
  type PayoutDestination,
  setPayoutDestinationBody,
  type WithdrawalMethod,
  withdrawalMethodLabels,
} from '../../../../contract/withdrawals.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useSetPayoutAddress } from '../api.ts';
import { CodeInput } from './code-input.tsx';

const destinationLabels: Record<WithdrawalMethod, { label: string; hint: string }> = {
  btcpay: { label: 'Bitcoin address', hint: 'The address the payout is sent to.' },
  manual: {
    label: 'Payment details',
    hint: 'Where staff send the payout by hand (for example an IBAN and the account holder).',
  },
};

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
  const words = destinationLabels[method];
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(m.destinationSaved);
        onDone();
      },
      onError: failed('Failed to save the payout address', ['destination', 'code']),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Payout address" className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        {current ? 'Change' : 'Set'} the payout address for{' '}
        <strong className="text-fg">{withdrawalMethodLabels[method]}</strong>. A new address waits a while (24
        hours unless the site says otherwise) before a withdrawal can use it.
      </p>
      <Input label={words.label} hint={words.hint} autoComplete="off" {...field('destination')} />
      <CodeInput {...field('code')} />
      <SubmitRow loading={save.isPending} cancel={onDone}>
        Save address
      </SubmitRow>
    </form>
  );
}
