import { Pin, PinOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { cn } from '../../lib/cn.ts';
import { AdminCell } from './admin-table.tsx';

const iconButton =
  'grid size-9 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary';

/** An icon-only row action; its label names the action and the row ("Delete Aimbot"). */
export function AdminIconButton({
  label,
  danger,
  onClick,
  children,
}: {
  label: string;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={cn(iconButton, danger && 'hover:text-danger')}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function AdminIconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className={iconButton} aria-label={label}>
      {children}
    </Link>
  );
}

export function AdminPinButton({
  pinned,
  title,
  onClick,
}: {
  pinned: boolean;
  title: string;
  onClick: () => void;
}) {
  return (
    <AdminIconButton label={pinned ? ui.unpinNamed(title) : ui.pinNamed(title)} onClick={onClick}>
      {pinned ? (
        <PinOff className="size-4" aria-hidden="true" />
      ) : (
        <Pin className="size-4" aria-hidden="true" />
      )}
    </AdminIconButton>
  );
}

/** The last cell's buttons, at the row's right edge. */
export function AdminRowActions({
  gap = 'gap-1',
  children,
}: {
  gap?: 'gap-1' | 'gap-2';
  children: ReactNode;
}) {
  return (
    <AdminCell>
      <div className={cn('flex items-center justify-end', gap)}>{children}</div>
    </AdminCell>
  );
}
