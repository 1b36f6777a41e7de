import { History, Lock, Pencil, Pin } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ForumThread } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { type ThreadModeration, useForumCategories, useModerateThread } from '../api.ts';

/** Edit, pin, lock, move and history, each shown when the server's `abilities` allow it. */
export function ThreadActions({
  thread,
  onEdit,
  onHistory,
  editing,
}: {
  thread: ForumThread;
  onEdit: () => void;
  onHistory: () => void;
  editing: boolean;
}) {
  const moderate = useModerateThread(thread.id);
  const { abilities } = thread;
  const run = (change: ThreadModeration, done: string) =>
    moderate.mutate(change, toastOutcome(done, ui.actionFailed));
  if (editing || !(abilities.edit || abilities.pin || abilities.lock || abilities.revisions)) return null;
  return (
    <div className="mt-5 flex flex-wrap items-end gap-2 border-t border-line pt-4">
      {abilities.edit && (
        <Button variant="outline" size="sm" onClick={onEdit} icon={Pencil}>
          {ui.edit}
        </Button>
      )}
      {abilities.pin && (
        <Toggle
          on={thread.isPinned}
          labels={[ui.pin, ui.unpin]}
          icon={<Pin className="size-4" aria-hidden="true" />}
          disabled={moderate.isPending}
          onClick={() => run({ pin: !thread.isPinned }, thread.isPinned ? m.unpinned : m.pinned)}
        />
      )}
      {abilities.lock && (
        <Toggle
          on={thread.isLocked}
          labels={[ui.lock, ui.unlock]}
          icon={<Lock className="size-4" aria-hidden="true" />}
          disabled={moderate.isPending}
          onClick={() => run({ lock: !thread.isLocked }, thread.isLocked ? m.unlocked : m.locked)}
        />
      )}
      {abilities.revisions && (
        <Button variant="outline" size="sm" onClick={onHistory} icon={History}>
          {ui.history}
        </Button>
      )}
      {abilities.move && (
        <MoveSelect
          current={thread.category.id}
          disabled={moderate.isPending}
          onMove={(categoryId) => run({ categoryId }, m.moved)}
        />
      )}
    </div>
  );
}

/** Pin or lock, named for what pressing it does. */
function Toggle({
  on,
  labels,
  icon,
  disabled,
  onClick,
}: {
  on: boolean;
  labels: [string, string];
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" disabled={disabled} onClick={onClick}>
      {icon}
      {on ? labels[1] : labels[0]}
    </Button>
  );
}

function MoveSelect({
  current,
  disabled,
  onMove,
}: {
  current: string;
  disabled: boolean;
  onMove: (categoryId: string) => void;
}) {
  const categories = useForumCategories();
  return (
    <Select
      label={ui.moveTo}
      className="ml-auto w-48"
      value={current}
      disabled={disabled || !categories.data}
      onChange={(e) => {
        if (e.target.value !== current) onMove(e.target.value);
      }}
    >
      {(categories.data?.items ?? []).map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </Select>
  );
}
