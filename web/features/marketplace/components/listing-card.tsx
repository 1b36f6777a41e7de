import { Gamepad2, ShoppingBag, Star } from 'lucide-react';
import { Link } from 'react-router';
import { detectionStatusLabels } from '../../../../contract/detection.ts';
import type { Listing } from '../../../../contract/marketplace.ts';
import { listingTypeLabels, marketUi as ui } from '../../../../contract/texts/market-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { CardTitle, CoverCard, CoverImage } from '../../../components/ui/cover-card.tsx';

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

export function ListingImage({
  listing,
  className,
  eager,
}: {
  listing: Listing;
  className?: string;
  eager?: boolean;
}) {
  return <CoverImage src={listing.imageUrl} icon={ShoppingBag} className={className} eager={eager} />;
}

/** The seller's name in their rank colour, with vouches and average rating. */
export function SellerLine({ seller }: { seller: Listing['seller'] }) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar person={seller} className="size-7 text-xs" />
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
          {seller.averageRating.toFixed(1)} · {ui.vouches(seller.vouches)}
        </span>
      </span>
    </div>
  );
}

/** `eager`: a card of the grid's first row (CoverImage). */
export function ListingCard({ listing, eager }: { listing: Listing; eager?: boolean }) {
  return (
    <CoverCard
      labelledBy={`listing-${listing.id}`}
      cover={<ListingImage listing={listing} className="h-40" eager={eager} />}
      pinned={listing.isPinned}
      flag={listing.status === 'sold' ? w.sold : undefined}
    >
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <CardTitle id={`listing-${listing.id}`} to={`/marketplace/${listing.id}`}>
            {listing.title}
          </CardTitle>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
            <Gamepad2 className="size-4" aria-hidden="true" />
            {listing.game}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="primary">{listingTypeLabels[listing.type]}</Badge>
          <DetectionBadge listing={listing} />
        </div>
        <p className="mt-auto text-xl font-bold text-primary">{w.credits(listing.price)}</p>
        <SellerLine seller={listing.seller} />
      </div>
    </CoverCard>
  );
}
