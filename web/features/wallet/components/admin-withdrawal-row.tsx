import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { type AdminWithdrawal, withdrawalMethodLabels } from '../../../../contract/withdrawals.ts';
import { AdminCell, AdminRow } from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateLong, formatNumber, toIsoString } from '../../../lib/format.ts';
import { withdrawalStatusLabels, withdrawalStatusTones } from '../labels.ts';

const dayMs = 86_400_000;

/** How long the member has had their account: "12 days", "5 months", "2 years". */
function accountAge(since: string | null, now: number): string {
  if (!since) return 'unknown';
  const days = Math.max(0, Math.floor((now - Date.parse(since)) / dayMs));
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (days < 60) return plural(days, 'day');
  if (days < 730) return plural(Math.floor(days / 30.44), 'month');
  return plural(Math.floor(days / 365.25), 'year');
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
  const who = w.member?.username ?? 'a deleted member';
  return (
    <AdminRow className="align-top">
      <AdminCell>
        <div>
          {w.member ? (
            <Link to={`/profile/${w.member.id}`} className="font-medium hover:text-primary">
              {w.member.username}
            </Link>
          ) : (
            <span className="text-muted italic">Deleted user</span>
          )}
          <p className="text-xs text-muted">Account age {accountAge(w.memberSince, now)}</p>
        </div>
      </AdminCell>
      <AdminCell>
        <ul className="text-xs leading-5">
          <li>{formatNumber(w.releasedSales)} released sales</li>
          <li>
            {formatNumber(w.disputes)} disputes, {formatNumber(w.lostDisputes)} lost
          </li>
          <li>{formatNumber(w.completedWithdrawals)} completed withdrawals</li>
        </ul>
      </AdminCell>
      <AdminCell>
        <div>
          <p className="font-semibold tabular-nums">{formatNumber(w.credits)} credits</p>
          <p className="text-xs text-muted tabular-nums">
            fee {formatNumber(w.fee)} · payout {w.amount} {w.currency}
          </p>
          <time dateTime={toIsoString(w.createdAt)} className="text-xs text-muted">
            {formatDateLong(w.createdAt)}
          </time>
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
          <div className="flex flex-wrap gap-2 md:justify-end">
            <Button
              variant="outline"
              size="sm"
              aria-label={`Approve withdrawal of ${who}`}
              disabled={busy}
              onClick={onApprove}
            >
              <Check className="size-4" aria-hidden="true" />
              Approve
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Reject withdrawal of ${who}`}
              disabled={busy}
              onClick={onReject}
            >
              <X className="size-4" aria-hidden="true" />
              Reject
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-1 text-xs text-muted md:items-end md:text-right">
            <Badge tone={withdrawalStatusTones[w.status]}>{withdrawalStatusLabels[w.status]}</Badge>
            {w.reference && <p className="break-all">Reference: {w.reference}</p>}
            {w.reason && <p className="break-words">Reason: {w.reason}</p>}
          </div>
        )}
      </AdminCell>
    </AdminRow>
  );
}
