import { Users } from 'lucide-react';
import { useState } from 'react';
import type { AdminUserRow } from '../../../../contract/admin.ts';
import type { Role } from '../../../../contract/limits.ts';
import { adminMessages as m } from '../../../../contract/messages/admin.ts';
import { trustMessages as tm } from '../../../../contract/messages/trust.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { pageTitles } from '../../../../contract/texts/shell-ui.ts';
import type { TrustLevel } from '../../../../contract/trust.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { useRowConfirm } from '../../../lib/admin-list.ts';
import { useSession } from '../../../lib/session.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { type RoleFilter, useAdminUsers, useRanks, useSetRank, useUpdateUser } from '../api.ts';
import { AddBalanceDialog } from '../components/add-balance-dialog.tsx';
import { UserFilters } from '../components/user-filters.tsx';
import { UserRow } from '../components/user-row.tsx';

export function AdminUsersPage() {
  const { user: me } = useSession();
  const isAdmin = me?.role === 'admin';
  const [q, setQ] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [showBanned, setShowBanned] = useState(false);
  const query = useAdminUsers(q, role, showBanned);
  const update = useUpdateUser();
  const ranks = useRanks(isAdmin);
  const setRank = useSetRank();
  const banning = useRowConfirm<AdminUserRow>();
  const [granting, setGranting] = useState<AdminUserRow | undefined>();

  const confirmBan = () => {
    if (!banning.row) return;
    const banned = !banning.row.banned;
    update.mutate(
      { id: banning.row.id, patch: { banned } },
      toastOutcome(banned ? m.banned : m.unbanned, m.statusFailed, () => banning.close()),
    );
  };
  const changeRole = (u: AdminUserRow, next: Role) =>
    update.mutate({ id: u.id, patch: { role: next } }, toastOutcome(m.roleUpdated, m.roleFailed));
  const changeTrust = (u: AdminUserRow, trustLevel: TrustLevel | null) =>
    update.mutate({ id: u.id, patch: { trustLevel } }, toastOutcome(tm.levelSaved, tm.levelFailed));
  const changeRank = (u: AdminUserRow, rankId: string) =>
    setRank.mutate({ id: u.id, rankId: rankId || null }, toastOutcome(m.rankUpdated, m.rankFailed));
  // Spec §6: admins ban anyone but themselves; moderators only non-admins other than themselves.
  const canBan = (u: AdminUserRow) => u.id !== me?.id && (isAdmin || u.role !== 'admin');

  return (
    <Page title={pageTitles.manageUsers} icon={Users} intro={ui.usersIntro}>
      <UserFilters
        onSearch={setQ}
        role={role}
        onRole={setRole}
        showBanned={showBanned}
        onShowBanned={setShowBanned}
      />

      <AdminTable
        query={query}
        texts={{ failed: m.loadUsersFailed, loading: ui.loadingUsers, empty: m.noUsers }}
        minWidth="min-w-[52rem]"
        columns={[
          ui.colUser,
          ui.colRoleRank,
          ui.colStatusTrust,
          { label: commonUi.balance, align: 'right' },
          { label: commonUi.credits, align: 'right' },
          ui.colJoined,
          commonUi.actions,
        ]}
      >
        {(u) => (
          <UserRow
            user={u}
            own={u.id === me?.id}
            isAdmin={isAdmin}
            ranks={ranks.data}
            canBan={canBan(u)}
            roleBusy={update.isPending}
            rankBusy={setRank.isPending}
            trustBusy={update.isPending}
            onRole={(next) => changeRole(u, next)}
            onTrustLevel={(level) => changeTrust(u, level)}
            onRank={(rankId) => changeRank(u, rankId)}
            onBan={() => banning.ask(u)}
            onGrant={() => setGranting(u)}
          />
        )}
      </AdminTable>

      <ConfirmDialog
        {...banning.dialog}
        title={banning.row?.banned ? ui.unbanUserTitle : ui.banUserTitle}
        message={
          banning.row?.banned
            ? ui.allowSignIn(banning.row.username)
            : ui.banConfirm(banning.row?.username ?? '')
        }
        confirmLabel={banning.row?.banned ? ui.unban : ui.ban}
        onConfirm={confirmBan}
        pending={update.isPending}
      />
      <AddBalanceDialog user={granting} onClose={() => setGranting(undefined)} />
    </Page>
  );
}
