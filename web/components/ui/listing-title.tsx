import { Link } from 'react-router';

/** A listing's title on an order or a feedback entry: a link to it while the listing still exists. */
export function ListingTitle({
  of: { listingId, listingTitle },
  className,
}: {
  of: { listingId: string | null; listingTitle: string };
  className: string;
}) {
  if (!listingId) return listingTitle;
  return (
    <Link to={`/marketplace/${listingId}`} className={className}>
      {listingTitle}
    </Link>
  );
}
