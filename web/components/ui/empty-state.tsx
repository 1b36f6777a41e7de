import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The spec's empty-list text in a dashed box, with an optional icon and action. */
export function EmptyState({
  text,
  icon,
  action,
  compact,
  className,
}: {
  text: string;
  icon?: ReactNode;
  action?: ReactNode;
  /** A small box, for a side column or a list inside a page. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 border border-dashed border-line px-4 text-center text-muted',
        compact ? 'rounded-xl py-6' : 'rounded-2xl py-12',
        className,
      )}
    >
      {icon}
      <p className="text-sm">{text}</p>
      {action}
    </div>
  );
}
