import { Ban, CircleCheck, Wallet } from 'lucide-react';
import type { AdminUserRow, UserRank } from '../../../../contract/admin.ts';
import { type Role, roles } from '../../../../contract/limits.ts';
import { trustMessages as tm } from '../../../../contract/messages/trust.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { trustLevelUi } from '../../../../contract/texts/trust-level-ui.ts';
import { type TrustLevel, trustLevels } from '../../../../contract/trust.ts';
import { AdminRowActions } from '../../../components/ui/admin-row-actions.tsx';
import { AdminCell, AdminDateCell, AdminRow } from '../../../components/ui/admin-table.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { Options } from '../../../components/ui/select.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** Each role's name in the active language (read at render). */
export const roleLabels = (): Record<Role, string> => ({
  user: ui.roleUser,
  moderator: ui.roleModerator,
  admin: ui.roleAdmin,
});
/** Each trust level's name in the active language (read at render). */
export const trustLevelLabels = (): Record<TrustLevel, string> => ({
  new: trustLevelUi.new,
  member: trustLevelUi.member,
  trusted: trustLevelUi.trusted,
});
const roleTones = { user: 'neutral', moderator: 'primary', admin: 'warning' } as const;

/**
 * One member in Manage Users: who, role and rank (admins change them here, on anyone but themselves),
 * status, money, joined, and the add-balance and ban buttons the viewer may use.
 */
export function UserRow({
  user: u,
  own,
  isAdmin,
  ranks,
  canBan,
  roleBusy,
  rankBusy,
  trustBusy,
  onRole,
  onTrustLevel,
  onRank,
  onBan,
  onGrant,
}: {
  user: AdminUserRow;
  own: boolean;
  isAdmin: boolean;
  ranks: UserRank[] | undefined;
  canBan: boolean;
  roleBusy: boolean;
  rankBusy: boolean;
  trustBusy: boolean;
  onRole: (role: Role) => void;
  /** A level sets and locks it; null: automatic again (recomputed from history). */
  onTrustLevel: (level: TrustLevel | null) => void;
  onRank: (rankId: string) => void;
  onBan: () => void;
  onGrant: () => void;
}) {
  return (
    <AdminRow>
      <AdminCell>
        <div className="flex items-center gap-3">
          <Avatar person={u} />
          <div className="min-w-0">
            <ProfileLink person={u} className="font-medium hover:text-primary" />
            <p className="text-xs text-muted">
              <code>{u.id.slice(0, 8)}</code>
              {own && ` · ${ui.you}`}
            </p>
          </div>
        </div>
      </AdminCell>
      <AdminCell>
        {isAdmin && !own ? (
          <select
            aria-label={ui.roleOf(u.username)}
            value={u.role}
            disabled={roleBusy}
            onChange={(e) => onRole(e.target.value as Role)}
            className="h-9 cursor-pointer rounded-lg border border-line bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Options values={roles} labels={roleLabels()} />
          </select>
        ) : (
          <Badge tone={roleTones[u.role]}>{roleLabels()[u.role]}</Badge>
        )}
        {/* The seller rank sits under the role: admins choose it, staff see it. */}
        <div className="mt-1.5">
          {isAdmin && ranks ? (
            <select
              aria-label={ui.rankOf(u.username)}
              value={u.rank?.id ?? ''}
              disabled={rankBusy}
              onChange={(e) => onRank(e.target.value)}
              className="h-9 max-w-40 cursor-pointer rounded-lg border border-line bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
            >
              <option value="">{ui.noRank}</option>
              {ranks.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          ) : u.rank ? (
            <span className="text-xs font-semibold whitespace-nowrap" style={{ color: u.rank.color }}>
              {u.rank.name}
            </span>
          ) : (
            <span className="text-xs text-muted">{ui.noRank}</span>
          )}
        </div>
      </AdminCell>
      <AdminCell>
        <Badge tone={u.banned ? 'danger' : 'success'}>{u.banned ? ui.banned : ui.active}</Badge>
        {/* Staff set a trust level (kept there) or leave it automatic, as the member's history earns it. */}
        <div className="mt-1.5">
          <select
            aria-label={ui.trustLevelOf(u.username)}
            value={u.trustLevelLocked ? u.trustLevel : ''}
            disabled={trustBusy}
            onChange={(e) => onTrustLevel((e.target.value || null) as TrustLevel | null)}
            className="h-9 max-w-44 cursor-pointer rounded-lg border border-line bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
          >
            <option value="">
              {tm.automatic}
              {u.trustLevelLocked ? '' : ` (${trustLevelLabels()[u.trustLevel]})`}
            </option>
            {trustLevels.map((level) => (
              <option key={level} value={level}>
                {trustLevelLabels()[level]}
              </option>
            ))}
          </select>
        </div>
      </AdminCell>
      <AdminCell className="text-right tabular-nums">{formatNumber(u.balance)}</AdminCell>
      {/* Below zero only after a chargeback took back spent credits: such a member cannot buy or withdraw. */}
      <AdminCell className={`text-right tabular-nums${u.credits < 0 ? ' font-medium text-danger' : ''}`}>
        <span title={u.credits < 0 ? ui.belowZero : undefined}>{formatNumber(u.credits)}</span>
      </AdminCell>
      <AdminDateCell at={u.createdAt} short />
      <AdminRowActions gap="gap-2">
        {isAdmin && (
          <Button
            icon={Wallet}
            variant="outline"
            size="sm"
            aria-label={ui.addBalanceTo(u.username)}
            title={ui.addBalance}
            onClick={onGrant}
          ></Button>
        )}
        {canBan && (
          <Button
            variant={u.banned ? 'outline' : 'danger'}
            size="sm"
            aria-label={u.banned ? ui.unbanNamed(u.username) : ui.banNamed(u.username)}
            onClick={onBan}
            icon={u.banned ? CircleCheck : Ban}
          >
            {u.banned ? ui.unban : ui.ban}
          </Button>
        )}
      </AdminRowActions>
    </AdminRow>
  );
}
