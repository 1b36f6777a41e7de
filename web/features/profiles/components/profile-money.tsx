import { Coins, Wallet } from 'lucide-react';
import type { PublicProfile } from '../../../../contract/profiles.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { profileUi as ui } from '../../../../contract/texts/profile-ui.ts';
import { Card } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** The member's own balances (the server sends them to the member and to staff only). */
export function ProfileMoney({ profile }: { profile: PublicProfile }) {
  if (profile.balance === undefined && profile.credits === undefined) return null;
  const moneyCards = [
    { key: 'balance', label: commonUi.balance, hint: ui.mainCurrency, Icon: Wallet },
    { key: 'credits', label: commonUi.credits, hint: ui.marketplaceCurrency, Icon: Coins },
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {moneyCards.map(({ key, label, hint, Icon }) => {
        const value = profile[key];
        if (value === undefined) return null;
        return (
          <Card key={key} className="flex items-center gap-4 p-5">
            <span className="grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 className="text-sm font-medium text-muted">{label}</h2>
              <p className="text-2xl font-bold tabular-nums">{formatNumber(value)}</p>
              <p className="text-xs text-muted">{hint}</p>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
