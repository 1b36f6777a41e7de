import { Gamepad2, Pin, ShoppingBag, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { Listing } from '../../../../contract/marketplace.ts';
import { isMediaPath } from '../../../../contract/uploads.ts';
import { detectionStatusLabels } from '../../../../contract/watches.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Img } from '../../../components/ui/img.tsx';

export const typeLabels: Record<Listing['type'], string> = {
  cheat: 'Cheat',
  account: 'Account',
  item: 'Item',
  other: 'Other',
};
const detectionTone: Record<Listing['detectionStatus'], BadgeTone> = {
  undetected: 'success',
  detected: 'danger',
  unknown: 'neutral',
};

export function DetectionBadge({ listing }: { listing: Listing }) {
  if (listing.type !== 'cheat') return null;
  return (
    <Badge tone={detectionTone[listing.detectionStatus]}>
      {detectionStatusLabels[listing.detectionStatus]}
    </Badge>
  );
}

export function ListingImage({ listing, className }: { listing: Listing; className?: string }) {
  return (
    <div
      className={`relative grid place-items-center overflow-hidden bg-gradient-to-br from-primary/25 via-secondary/15 to-transparent ${className ?? ''}`}
    >
      <ShoppingBag className="size-10 text-primary/70" aria-hidden="true" />
      {/* Only an image we host is shown; any other address is a link on the listing's page (decision 023). */}
      {isMediaPath(listing.imageUrl) && (
        <Img src={listing.imageUrl} loading="lazy" className="absolute inset-0 size-full object-cover" />
      )}
    </div>
  );
}

/** The seller's name in their rank colour, with vouches and average rating. */
export function SellerLine({ seller }: { seller: Listing['seller'] }) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar username={seller.username} avatarUrl={seller.avatarUrl} className="size-7 text-xs" />
      <Link
        to={`/profile/${seller.id}`}
        className="truncate font-medium hover:underline"
        style={seller.rank ? { color: seller.rank.color } : undefined}
        title={seller.rank?.name}
      >
        {seller.username}
      </Link>
      <span className="ml-auto flex shrink-0 items-center gap-1 text-xs text-muted">
        <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
        <span>
          {seller.averageRating.toFixed(1)} · {seller.vouches} {seller.vouches === 1 ? 'vouch' : 'vouches'}
        </span>
      </span>
    </div>
  );
}

export function ListingCard({ listing }: { listing: Listing }) {
  return (
    <Card className="group flex w-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:border-primary/40">
      <article aria-labelledby={`listing-${listing.id}`} className="flex flex-1 flex-col">
        <div className="relative">
          <ListingImage listing={listing} className="h-40" />
          <div className="absolute top-3 left-3 flex gap-1.5">
            {listing.isPinned && (
              <Badge tone="primary" className="bg-surface/90 backdrop-blur">
                <Pin className="size-3" aria-hidden="true" />
                Pinned
              </Badge>
            )}
            {listing.status === 'sold' && (
              <Badge tone="neutral" className="bg-surface/90 backdrop-blur">
                Sold
              </Badge>
            )}
          </div>
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div>
            <h2 id={`listing-${listing.id}`} className="text-lg leading-snug font-semibold">
              <Link to={`/marketplace/${listing.id}`} className="hover:text-primary focus-visible:underline">
                {listing.title}
              </Link>
            </h2>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
              <Gamepad2 className="size-4" aria-hidden="true" />
              {listing.game}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone="primary">{typeLabels[listing.type]}</Badge>
            <DetectionBadge listing={listing} />
          </div>
          <p className="mt-auto text-xl font-bold text-primary">{listing.price} Credits</p>
          <SellerLine seller={listing.seller} />
        </div>
      </article>
    </Card>
  );
}
