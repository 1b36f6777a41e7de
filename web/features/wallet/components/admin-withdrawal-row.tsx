import { Check, X } from 'lucide-react';
import {
  withdrawalQueueUi as q,
  walletUi as ui,
  withdrawalStatusLabels,
} from '../../../../contract/texts/wallet-ui.ts';
import { type AdminWithdrawal, withdrawalMethodLabels } from '../../../../contract/withdrawals.ts';
import { AdminCell, AdminRow } from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { DecisionButtons } from '../../../components/ui/decision-buttons.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { withdrawalStatusTones } from '../labels.ts';

const dayMs = 86_400_000;

/** How long the member has had their account: "12 days", "5 months", "2 years". */
function accountAge(since: string | null, now: number): string {
  if (!since) return q.unknownAge;
  const days = Math.max(0, Math.floor((now - Date.parse(since)) / dayMs));
  if (days < 60) return q.days(days);
  if (days < 730) return q.months(Math.floor(days / 30.44));
  return q.years(Math.floor(days / 365.25));
}

/**
 * One request in the staff queue: the member and what to judge them by, the request (credits, fee, payout)
 * and where it goes; Approve and Reject while it is pending.
 */
export function AdminWithdrawalRow({
  withdrawal: w,
  now,
  busy,
  onApprove,
  onReject,
}: {
  withdrawal: AdminWithdrawal;
  now: number;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const who = w.member?.username ?? q.deletedMember;
  return (
    <AdminRow className="align-top">
      <AdminCell>
        <div>
          {w.member ? (
            <ProfileLink person={w.member} className="font-medium hover:text-primary" />
          ) : (
            <span className="text-muted italic">{q.deletedUser}</span>
          )}
          <p className="text-xs text-muted">{q.accountAge(accountAge(w.memberSince, now))}</p>
        </div>
      </AdminCell>
      <AdminCell>
        <ul className="text-xs leading-5">
          <li>{q.releasedSales(w.releasedSales)}</li>
          <li>{q.disputes(w.disputes, w.lostDisputes)}</li>
          <li>{q.completedWithdrawals(w.completedWithdrawals)}</li>
        </ul>
      </AdminCell>
      <AdminCell>
        <div>
          <p className="font-semibold tabular-nums">{ui.creditsAmount(w.credits)}</p>
          <p className="text-xs text-muted tabular-nums">
            {ui.feeAndPayout(w.fee, `${w.amount} ${w.currency}`)}
          </p>
          <DateTime at={w.createdAt} className="text-xs text-muted" />
        </div>
      </AdminCell>
      <AdminCell className="md:max-w-56">
        <div className="min-w-0">
          <p className="text-xs font-medium">{withdrawalMethodLabels[w.method]}</p>
          <p className="text-xs break-all text-muted">{w.destination}</p>
        </div>
      </AdminCell>
      <AdminCell>
        {w.status === 'pending' ? (
          <DecisionButtons
            className="md:justify-end"
            busy={busy}
            decisions={[
              {
                icon: Check,
                variant: 'outline',
                label: q.approveOf(who),
                text: q.approve,
                onClick: onApprove,
              },
              { icon: X, variant: 'ghost', label: q.rejectOf(who), text: q.reject, onClick: onReject },
            ]}
          />
        ) : (
          <div className="flex flex-col gap-1 text-xs text-muted md:items-end md:text-right">
            <Badge tone={withdrawalStatusTones[w.status]}>{withdrawalStatusLabels[w.status]}</Badge>
            {w.reference && <p className="break-all">{ui.reference(w.reference)}</p>}
            {w.reason && <p className="break-words">{ui.reason(w.reason)}</p>}
          </div>
        )}
      </AdminCell>
    </AdminRow>
  );
}
