import type { ReactNode } from 'react';
import { isMediaPath } from '../../../contract/media.ts';
import { Card } from './card.tsx';
import { ExternalImageLink } from './hosted-image.tsx';

/**
 * A detail led by its image, as ImageDetailSkeleton stands for it: the picture (an address we do not host
 * as a link under it, decision 023), then the badges, the title with what goes `under` it and, beside them,
 * the `aside` (a price, a buy link), then the rest of the page.
 */
export function ImageDetailCard({
  image,
  imageUrl,
  badges,
  title,
  under,
  aside,
  children,
}: {
  image: ReactNode;
  imageUrl: string | null;
  badges: ReactNode;
  title: string;
  under?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      {image}
      {imageUrl && !isMediaPath(imageUrl) && (
        <ExternalImageLink href={imageUrl} className="px-6 pt-4 sm:px-8" />
      )}
      <div className="p-6 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="mb-2 flex flex-wrap gap-1.5">{badges}</div>
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
            {under}
          </div>
          {aside}
        </div>
        {children}
      </div>
    </Card>
  );
}
