import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';

/** A card with a small heading row (title, optional action or link to the whole list) above its body. */
export function SectionCard({
  title,
  icon: Icon,
  iconTone = 'primary',
  action,
  link,
  children,
  className,
}: {
  title: string;
  icon?: LucideIcon;
  /** The icon in the theme colour, or in the heading's. */
  iconTone?: 'primary' | 'inherit';
  action?: ReactNode;
  link?: { to: string; label: string };
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('p-5', className)}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-fg uppercase">
          {Icon && (
            <Icon className={iconTone === 'primary' ? 'size-4 text-primary' : 'size-4'} aria-hidden="true" />
          )}
          {title}
        </h2>
        {action}
        {link && (
          <Link to={link.to} className="text-sm font-medium text-primary hover:underline">
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </Card>
  );
}
