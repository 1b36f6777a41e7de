import { type FormEvent, useState } from 'react';
import { roles } from '../../../../contract/limits.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { Card } from '../../../components/ui/card.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Options } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { RoleFilter } from '../api.ts';
import { roleLabels } from './user-row.tsx';

/** Manage Users' filters: the search runs on Enter (a username or an id), role, and banned members. */
export function UserFilters({
  onSearch,
  role,
  onRole,
  showBanned,
  onShowBanned,
}: {
  onSearch: (q: string) => void;
  role: RoleFilter;
  onRole: (role: RoleFilter) => void;
  showBanned: boolean;
  onShowBanned: (show: boolean) => void;
}) {
  const [draft, setDraft] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <Card className="mb-4 flex flex-col gap-3 p-4 md:flex-row md:items-center">
      <form onSubmit={submit} className="flex-1">
        <SearchInput
          label={ui.searchUsers}
          placeholder={ui.searchUsersPlaceholder}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      </form>
      <label className="flex items-center gap-2 text-sm">
        <span className="text-muted">{ui.role}</span>
        <select
          aria-label={ui.roleFilter}
          value={role}
          onChange={(e) => onRole(e.target.value as RoleFilter)}
          className="h-11 cursor-pointer rounded-xl border border-line bg-surface px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary"
        >
          <option value="all">{ui.allRoles}</option>
          <Options values={roles} labels={roleLabels()} />
        </select>
      </label>
      <div className="md:w-56">
        <Switch label={ui.showBanned} checked={showBanned} onChange={onShowBanned} />
      </div>
    </Card>
  );
}
