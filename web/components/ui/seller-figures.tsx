import type { SellerReputation } from '../../../contract/reputation.ts';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { formatNumber } from '../../lib/format.ts';
import { DateTime } from './date-time.tsx';

/**
 * A seller's figures beside the average rating, as the server computed them: orders completed, the share
 * of their sales that were disputed, and when they joined. Used on the listing's seller card and the profile.
 */
export function SellerFigures({ reputation }: { reputation: SellerReputation }) {
  return (
    <dl aria-label={ui.sellerFigures} className="grid grid-cols-3 gap-2 text-xs">
      <div>
        <dt className="text-muted">{ui.completedOrders}</dt>
        <dd className="font-semibold tabular-nums">{formatNumber(reputation.completedOrders)}</dd>
      </div>
      <div>
        <dt className="text-muted">{ui.disputeRate}</dt>
        <dd className="font-semibold tabular-nums">{reputation.disputeRate}%</dd>
      </div>
      <div>
        <dt className="text-muted">{ui.memberSince}</dt>
        <dd className="font-semibold">
          <DateTime at={reputation.memberSince} short />
        </dd>
      </div>
    </dl>
  );
}
