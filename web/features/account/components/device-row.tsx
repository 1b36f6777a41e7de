import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** One line of the sessions and sign-ins lists: a device icon, what and where, and an optional action. */
export function DeviceRow({
  icon: Icon,
  className,
  action,
  children,
}: {
  icon: LucideIcon;
  className?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex items-center gap-3 py-3', className)}>
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-surface-2 text-muted">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </li>
  );
}
