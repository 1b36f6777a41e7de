import { type LucideIcon, Pin, PinOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { cn } from '../../lib/cn.ts';
import { AdminCell } from './admin-table.tsx';
import { Button } from './button.tsx';

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

/** One decision on an item waiting for staff: its button's icon and look, its name (naming the item) and text. */
export interface AdminDecision {
  icon: LucideIcon;
  variant: 'outline' | 'ghost' | 'danger';
  label: string;
  text: string;
  onClick: () => void;
}

/** A waiting item's decisions (approve, reject, …) side by side, all held while one is being saved. */
export function AdminDecisionButtons({
  decisions,
  busy,
  className,
}: {
  /** `false` for a decision this item does not offer. */
  decisions: (AdminDecision | false)[];
  busy: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {decisions.map(
        (d) =>
          d && (
            <Button
              key={d.label}
              icon={d.icon}
              variant={d.variant}
              size="sm"
              disabled={busy}
              aria-label={d.label}
              onClick={d.onClick}
            >
              {d.text}
            </Button>
          ),
      )}
    </div>
  );
}
