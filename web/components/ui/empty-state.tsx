import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The spec's empty-list text in a dashed box, with an optional icon and action. */
export function EmptyState({
  text,
  icon,
  action,
  className,
}: {
  text: string;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-4 py-12 text-center text-muted',
        className,
      )}
    >
      {icon}
      <p className="text-sm">{text}</p>
      {action}
    </div>
  );
}
