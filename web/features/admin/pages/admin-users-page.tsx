import { Ban, CircleCheck, Users, Wallet } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { AdminUserRow } from '../../../../contract/admin.ts';
import { type Role, roles } from '../../../../contract/limits.ts';
import { adminMessages as m } from '../../../../contract/messages.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateShort, formatNumber, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { type RoleFilter, useAdminUsers, useRanks, useSetRank, useUpdateUser } from '../api.ts';
import { AddBalanceDialog } from '../components/add-balance-dialog.tsx';

const roleLabels: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };
const roleTones = { user: 'neutral', moderator: 'primary', admin: 'warning' } as const;

export function AdminUsersPage() {
  const { user: me } = useSession();
  const isAdmin = me?.role === 'admin';
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [showBanned, setShowBanned] = useState(false);
  const query = useAdminUsers(q, role, showBanned);
  const update = useUpdateUser();
  const ranks = useRanks(isAdmin);
  const setRank = useSetRank();
  const [banning, setBanning] = useState<AdminUserRow | undefined>();
  const [granting, setGranting] = useState<AdminUserRow | undefined>();

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, m.loadUsersFailed), { id: 'admin-users-load' });
  }, [query.isError, query.error]);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  const confirmBan = () => {
    if (!banning) return;
    const banned = !banning.banned;
    update.mutate(
      { id: banning.id, patch: { banned } },
      {
        onSuccess: () => {
          toast.success(banned ? m.banned : m.unbanned);
          setBanning(undefined);
        },
        onError: (err) => toast.error(errorMessage(err, m.statusFailed)),
      },
    );
  };
  const changeRole = (u: AdminUserRow, next: Role) =>
    update.mutate(
      { id: u.id, patch: { role: next } },
      {
        onSuccess: () => toast.success(m.roleUpdated),
        onError: (err) => toast.error(errorMessage(err, m.roleFailed)),
      },
    );
  const changeRank = (u: AdminUserRow, rankId: string) =>
    setRank.mutate(
      { id: u.id, rankId: rankId || null },
      {
        onSuccess: () => toast.success(m.rankUpdated),
        onError: (err) => toast.error(errorMessage(err, m.rankFailed)),
      },
    );
  // Spec §6: admins ban anyone but themselves; moderators only non-admins other than themselves.
  const canBan = (u: AdminUserRow) => u.id !== me?.id && (isAdmin || u.role !== 'admin');

  return (
    <div>
      <PageHeader
        title="Manage Users"
        icon={<Users className="size-6" aria-hidden="true" />}
        description="Find members, ban or unban them, change roles and ranks, and add balance."
      />
      <Card className="mb-4 flex flex-col gap-3 p-4 md:flex-row md:items-center">
        <form onSubmit={onSearch} className="flex-1">
          <SearchInput
            label="Search users"
            placeholder="Username or user ID, then Enter"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </form>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Role</span>
          <select
            aria-label="Role filter"
            value={role}
            onChange={(e) => setRole(e.target.value as RoleFilter)}
            className="h-11 cursor-pointer rounded-xl border border-line bg-surface px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary"
          >
            <option value="all">All roles</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
        </label>
        <div className="md:w-56">
          <Switch label="Show Banned Users" checked={showBanned} onChange={setShowBanned} />
        </div>
      </Card>

      <AdminTable
        loading={query.isPending}
        loadingLabel="Loading users…"
        isEmpty={items.length === 0}
        emptyText={m.noUsers}
        minWidth="min-w-[52rem]"
        columns={[
          { label: 'User' },
          { label: 'Role · Rank' },
          { label: 'Status' },
          { label: 'Balance', align: 'right' },
          { label: 'Credits', align: 'right' },
          { label: 'Joined' },
          { label: 'Actions', align: 'right' },
        ]}
        pages={query}
      >
        {items.map((u) => {
          const own = u.id === me?.id;
          return (
            <tr key={u.id} className="border-b border-line last:border-0 hover:bg-surface-2/50">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Avatar username={u.username} avatarUrl={u.avatarUrl} />
                  <div className="min-w-0">
                    <Link to={`/profile/${u.id}`} className="font-medium hover:text-primary">
                      {u.username}
                    </Link>
                    <p className="text-xs text-muted">
                      <code>{u.id.slice(0, 8)}</code>
                      {own && ' · You'}
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                {isAdmin && !own ? (
                  <select
                    aria-label={`Role of ${u.username}`}
                    value={u.role}
                    disabled={update.isPending}
                    onChange={(e) => changeRole(u, e.target.value as Role)}
                    className="h-9 cursor-pointer rounded-lg border border-line bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    {roles.map((r) => (
                      <option key={r} value={r}>
                        {roleLabels[r]}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Badge tone={roleTones[u.role]}>{roleLabels[u.role]}</Badge>
                )}
                {/* The seller rank sits under the role: admins choose it, staff see it. */}
                <div className="mt-1.5">
                  {isAdmin && ranks.data ? (
                    <select
                      aria-label={`Rank of ${u.username}`}
                      value={u.rank?.id ?? ''}
                      disabled={setRank.isPending}
                      onChange={(e) => changeRank(u, e.target.value)}
                      className="h-9 max-w-40 cursor-pointer rounded-lg border border-line bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <option value="">No rank</option>
                      {ranks.data.map((r) => (
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
                    <span className="text-xs text-muted">No rank</span>
                  )}
                </div>
              </td>
              <td className="px-4 py-3">
                <Badge tone={u.banned ? 'danger' : 'success'}>{u.banned ? 'Banned' : 'Active'}</Badge>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatNumber(u.balance)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatNumber(u.credits)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted">
                <time dateTime={toIsoString(u.createdAt)}>{formatDateShort(u.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <div className="flex items-center justify-end gap-2">
                  {isAdmin && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Add balance to ${u.username}`}
                      title="Add Balance"
                      onClick={() => setGranting(u)}
                    >
                      <Wallet className="size-4" aria-hidden="true" />
                    </Button>
                  )}
                  {canBan(u) && (
                    <Button
                      variant={u.banned ? 'outline' : 'danger'}
                      size="sm"
                      aria-label={`${u.banned ? 'Unban' : 'Ban'} ${u.username}`}
                      onClick={() => setBanning(u)}
                    >
                      {u.banned ? (
                        <CircleCheck className="size-4" aria-hidden="true" />
                      ) : (
                        <Ban className="size-4" aria-hidden="true" />
                      )}
                      {u.banned ? 'Unban' : 'Ban'}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </AdminTable>

      <ConfirmDialog
        open={banning !== undefined}
        onOpenChange={(open) => !open && setBanning(undefined)}
        title={banning?.banned ? 'Unban user' : 'Ban user'}
        message={
          banning?.banned
            ? `Allow ${banning.username} to sign in again?`
            : `Ban ${banning?.username ?? ''}? They are signed out everywhere at once and cannot sign in.`
        }
        confirmLabel={banning?.banned ? 'Unban' : 'Ban'}
        onConfirm={confirmBan}
        pending={update.isPending}
      />
      <AddBalanceDialog user={granting} onClose={() => setGranting(undefined)} />
    </div>
  );
}
