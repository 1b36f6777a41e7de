import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface PageHeaderProps {
  title: string;
  icon?: LucideIcon;
  iconSize?: 'size-5' | 'size-6';
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page's title, its icon in a tinted square, the line under the title (`children`) and its actions. */
export function PageHeader({ title, icon: Icon, iconSize = 'size-6', actions, children }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 items-center gap-3">
        {Icon && (
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
            <Icon className={iconSize} aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {children && <p className="mt-1 text-sm text-muted sm:text-base">{children}</p>}
        </div>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/**
 * A page under its header (`intro` the line under the title), after its `back` link (`PageBackLink`) if it
 * has one: its column is `width` wide, centred; none for a page inside the admin layout, which has its own.
 */
export function Page({
  width,
  back,
  intro,
  children,
  ...header
}: Omit<PageHeaderProps, 'children'> & {
  width?: 'max-w-2xl' | 'max-w-3xl' | 'max-w-4xl' | 'max-w-5xl' | 'max-w-6xl';
  back?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={width && cn('mx-auto w-full', width)}>
      {back}
      <PageHeader {...header}>{intro}</PageHeader>
      {children}
    </div>
  );
}
