import { type LucideIcon, Pin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isMediaPath } from '../../../contract/media.ts';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { cn } from '../../lib/cn.ts';
import { Badge } from './badge.tsx';
import { Card } from './card.tsx';
import { Img } from './img.tsx';

/**
 * A listing's or product's picture over its placeholder icon. `eager` for the first row of a grid: its pictures
 * are the page's largest paint (the marketplace's, as Lighthouse measured it), which lazy loading held back until
 * after layout.
 */
export function CoverImage({
  src,
  icon: Icon,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  icon: LucideIcon;
  className?: string;
  eager?: boolean;
}) {
  return (
    <div
      className={`relative grid place-items-center overflow-hidden bg-gradient-to-br from-primary/25 via-secondary/15 to-transparent ${className ?? ''}`}
    >
      <Icon className="size-10 text-primary/70" aria-hidden="true" />
      {/* Only an image we host is shown; any other address is a link on the item's page (decision 023). */}
      {isMediaPath(src) && (
        <Img
          src={src}
          loading={eager ? 'eager' : 'lazy'}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}

/** A grid card with a cover picture, its Pinned and state badges over it, and a body below. */
export function CoverCard({
  labelledBy,
  cover,
  pinned,
  flag,
  children,
}: {
  labelledBy: string;
  cover: ReactNode;
  pinned: boolean;
  /** A state worth a badge on the picture (Sold, Inactive). */
  flag?: string;
  children: ReactNode;
}) {
  return (
    <Card className="group flex w-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:border-primary/40">
      <article aria-labelledby={labelledBy} className="flex flex-1 flex-col">
        <div className="relative">
          {cover}
          <div className="absolute top-3 left-3 flex gap-1.5">
            {pinned && (
              <Badge tone="primary" className="bg-surface/90 backdrop-blur">
                <Pin className="size-3" aria-hidden="true" />
                {shellUi.pinned}
              </Badge>
            )}
            {flag && (
              <Badge tone="neutral" className="bg-surface/90 backdrop-blur">
                {flag}
              </Badge>
            )}
          </div>
        </div>
        {children}
      </article>
    </Card>
  );
}

/** A card's heading: the item's name, linking to its page. */
export function CardTitle({
  id,
  to,
  className,
  children,
}: {
  id: string;
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className={cn('text-lg leading-snug font-semibold', className)}>
      <Link to={to} className="hover:text-primary focus-visible:underline">
        {children}
      </Link>
    </h2>
  );
}
