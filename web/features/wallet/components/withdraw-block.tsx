import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { withdrawalMessages as m } from '../../../../contract/messages/withdrawal.ts';
import type { WalletSummary } from '../../../../contract/orders.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import type { WithdrawalOptions } from '../../../../contract/withdrawals.ts';
import { withParts } from '../../../lib/text-parts.tsx';

/** Why the Withdraw button is off, in words the member can act on; null when it is on. */
export function withdrawBlock(
  wallet: WalletSummary | undefined,
  options: WithdrawalOptions | undefined,
): ReactNode | null {
  if (!wallet || !options) return null;
  if (wallet.credits < 0) return m.accountNegative;
  if (!options.twoFactorEnabled)
    return withParts(
      ui.twoFactorNeeded,
      <Link to="/profile/settings" className="font-medium text-primary underline">
        {ui.twoFactorLink}
      </Link>,
    );
  if (wallet.pendingWithdrawals > 0) return m.openRequest;
  if (wallet.withdrawable <= 0)
    return wallet.reserved > 0 ? ui.nothingInReserve(wallet.reserved, options.reserveDays) : ui.nothingYet;
  if (wallet.withdrawable < options.minCredits)
    return ui.belowMinimumNow(options.minCredits, wallet.withdrawable);
  return null;
}

/** The reason under the page's buttons, which the Withdraw button is described by. */
export function WithdrawNote({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="-mt-3 flex items-start gap-2 text-sm text-muted">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
