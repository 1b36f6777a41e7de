import { UserCheck } from 'lucide-react';
import type { ListingDetail } from '../../../../contract/marketplace.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { SellerFigures } from '../../../components/ui/seller-figures.tsx';
import { SellerLine } from './listing-card.tsx';

/** The seller with their reputation, and the buyer once sold (else when it was listed). */
export function ListingParties({ listing }: { listing: ListingDetail }) {
  return (
    <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
      <div className="rounded-xl bg-surface-2 px-4 py-3">
        <dt className="mb-2 text-muted">{w.seller}</dt>
        <dd>
          <SellerLine seller={listing.seller} />
          <div className="mt-3">
            <SellerFigures reputation={listing.sellerReputation} />
          </div>
        </dd>
      </div>
      <div className="rounded-xl bg-surface-2 px-4 py-3">
        <dt className="mb-2 text-muted">{listing.buyer ? ui.buyer : ui.listed}</dt>
        <dd>
          {listing.buyer ? (
            <div className="flex items-center gap-2">
              <Avatar person={listing.buyer} className="size-7 text-xs" />
              <ProfileLink person={listing.buyer} className="font-medium hover:underline" />
              <UserCheck className="size-4 text-success" aria-hidden="true" />
              {listing.soldAt && <DateTime at={listing.soldAt} className="ml-auto text-xs text-muted" />}
            </div>
          ) : (
            <DateTime at={listing.createdAt} className="font-medium" />
          )}
        </dd>
      </div>
    </dl>
  );
}
