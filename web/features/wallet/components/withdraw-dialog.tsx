import { useState } from 'react';
import { withdrawalMessages as m } from '../../../../contract/messages/withdrawal.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import type { WithdrawalMethod, WithdrawalOptions } from '../../../../contract/withdrawals.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { usePayoutAddresses } from '../api.ts';
import { PayoutAddressForm } from './payout-address-form.tsx';
import { WithdrawForm } from './withdraw-form.tsx';

/**
 * Withdraw: the method, the credits (with the fee and the payout), the method's payout address (set or
 * changed in a form of its own, with a code) and a fresh authenticator code.
 */
export function WithdrawDialog({
  open,
  onClose,
  options,
  withdrawable,
}: {
  open: boolean;
  onClose: () => void;
  options: WithdrawalOptions;
  withdrawable: number;
}) {
  const addresses = usePayoutAddresses(open);
  useFailureToast(addresses.isError, 'payout-addresses-load', m.loadFailed, addresses.error);
  const [method, setMethod] = useState<WithdrawalMethod>(options.methods[0] ?? 'manual');
  const [editing, setEditing] = useState(false);
  const current = addresses.data?.items.find((a) => a.method === method);
  const close = () => {
    setEditing(false);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={editing ? ui.payoutAddress : ui.withdrawCredits}
      description={
        editing
          ? undefined
          : options.reserveDays > 0
            ? ui.withdrawIntroReserve(options.reserveDays)
            : ui.withdrawIntro
      }
    >
      {options.methods.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          {ui.noPayoutMethod}
        </p>
      ) : !addresses.data ? (
        <Loading label={ui.loadingPayoutAddresses} className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-11 w-full" />
        </Loading>
      ) : editing ? (
        <PayoutAddressForm method={method} current={current} onDone={() => setEditing(false)} />
      ) : (
        <WithdrawForm
          options={options}
          withdrawable={withdrawable}
          addresses={addresses.data.items}
          method={method}
          onMethod={setMethod}
          onEditAddress={() => setEditing(true)}
          onClose={close}
        />
      )}
    </Dialog>
  );
}
