import {
  ArrowLeft,
  KeyRound,
  LifeBuoy,
  Pencil,
  ShieldCheck,
  ShoppingCart,
  Star,
  Trash2,
  UserCheck,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { marketplaceMessages as m, stockMessages as st } from '../../../../contract/messages.ts';
import type { Order } from '../../../../contract/orders.ts';
import { isMediaPath } from '../../../../contract/uploads.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ExternalImageLink } from '../../../components/ui/hosted-image.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { SellerFigures } from '../../../components/ui/seller-figures.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { WatchButton } from '../../../components/ui/watch-button.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useDeleteListing, useListing, usePurchaseListing, useWatchListing } from '../api.ts';
import { DetectionControl } from '../components/detection-control.tsx';
import { FeedbackForm } from '../components/feedback-form.tsx';
import { BuyerKeys, SellerKeys } from '../components/license-keys.tsx';
import { DetectionBadge, ListingImage, SellerLine, typeLabels } from '../components/listing-card.tsx';
import {
  BuyerOrderActions,
  OrderStatusBadge,
  SettlementSummary,
  TimeLeft,
} from '../components/order-actions.tsx';

const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

const orderLines: Record<Order['status'], Record<'buyer' | 'seller' | 'staff', string>> = {
  held: {
    buyer:
      'Your credits are held in escrow. Confirm delivery once you have what you paid for, or open a dispute if something is wrong.',
    seller:
      'The buyer’s credits are held in escrow. You are paid when the buyer confirms delivery or when the protection window ends.',
    staff: 'The credits are held in escrow until the buyer confirms delivery or the protection window ends.',
  },
  disputed: {
    buyer: 'You opened a dispute. The credits stay in escrow until our staff settle it.',
    seller: 'The buyer opened a dispute. The credits stay in escrow until our staff settle it.',
    staff: 'The buyer opened a dispute. The credits stay in escrow until staff settle it.',
  },
  released: {
    buyer: 'The order is complete and the seller has been paid.',
    seller: 'The order is complete and you have been paid.',
    staff: 'The order is complete and the seller has been paid.',
  },
  refunded: {
    buyer: 'The order was refunded to you.',
    seller: 'The order was refunded to the buyer.',
    staff: 'The order was refunded to the buyer.',
  },
};

/** The sale's escrow state, for its two parties (and staff): status, window, actions, settlement. */
function OrderPanel({ order }: { order: Order }) {
  return (
    <section
      aria-label="Order"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <h2 className="font-semibold">Buyer protection</h2>
        <OrderStatusBadge order={order} />
        {order.status === 'held' && <TimeLeft releaseAt={order.releaseAt} />}
      </div>
      <p className="text-sm">{orderLines[order.status][order.role]}</p>
      {order.role === 'seller' && order.status === 'held' && (
        <p className="text-sm text-muted">
          You will receive {order.price - order.fee} credits ({order.fee} credits fee).
        </p>
      )}
      <SettlementSummary order={order} />
      <div className="flex flex-wrap gap-2">
        <BuyerOrderActions order={order} />
        {order.ticketId && (
          <Link to={`/tickets/${order.ticketId}`} className={buttonClasses('secondary', 'sm')}>
            <LifeBuoy className="size-4" aria-hidden="true" />
            View dispute
          </Link>
        )}
      </div>
    </section>
  );
}

function Section({ title, text }: { title: string; text: string }) {
  return (
    <section className="mt-6">
      <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-line">{text}</p>
    </section>
  );
}

export function ListingDetailPage() {
  const { listingId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useListing(listingId);
  const purchase = usePurchaseListing();
  const remove = useDeleteListing();
  const watch = useWatchListing(listingId);
  const [confirmBuy, setConfirmBuy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [buyKey, setBuyKey] = useState('');
  const [units, setUnits] = useState(1);
  const failed = query.isError && !isMissing(query.error);

  useEffect(() => {
    if (!failed) return;
    toast.error(m.loadDetailFailed, { id: 'listing-detail' });
    void navigate('/marketplace', { replace: true });
  }, [failed, navigate]);

  const back = (
    <Link to="/marketplace" className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Marketplace
    </Link>
  );

  if (query.isError && !failed) {
    return (
      <div className="mx-auto w-full max-w-4xl">
        {back}
        <Card className="px-6 py-16 text-center">
          <h1 className="text-xl font-semibold">{m.notFound}</h1>
        </Card>
      </div>
    );
  }

  const listing = query.data;
  if (!listing) {
    return (
      <div role="status" aria-live="polite" className="mx-auto w-full max-w-4xl">
        <span className="sr-only">Loading listing…</span>
        {back}
        <Card className="overflow-hidden">
          <Skeleton className="h-64 w-full rounded-none" />
          <div className="p-6">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="mt-4 h-4 w-full" />
          </div>
        </Card>
      </div>
    );
  }

  const active = listing.status === 'active';
  // A listing with stock sells many times: the viewer's own order says they bought it.
  const isBuyer = listing.order?.role === 'buyer';
  const isSeller = user?.id === listing.seller.id;
  const maxUnits = Math.min(10, listing.stock);
  const quantity = Math.min(units, Math.max(1, maxUnits));
  const soldLabel = listing.deliveryKind === 'keys' ? st.soldOut : 'Sold';
  // What this viewer may do comes from the server (abilities), never re-derived here.
  const { abilities } = listing;

  const buy = () =>
    purchase.mutate(
      // The price on screen is the price agreed: a change in between is refused with the new price.
      { id: listing.id, key: buyKey, expectedPrice: listing.price, units: quantity },
      {
        onSuccess: () => {
          toast.success(m.purchaseSuccess);
          setConfirmBuy(false);
        },
        onError: (err) => {
          toast.error(errorMessage(err, m.purchaseError));
          setConfirmBuy(false);
        },
      },
    );

  const del = () =>
    remove.mutate(listing.id, {
      onSuccess: () => {
        toast.success(m.deleted);
        void navigate('/marketplace', { replace: true });
      },
      onError: (err) => {
        toast.error(errorMessage(err, m.deleteFailed));
        setConfirmDelete(false);
      },
    });

  return (
    <div className="mx-auto w-full max-w-4xl">
      {back}
      <Card className="overflow-hidden">
        <ListingImage listing={listing} className="h-56 sm:h-72" />
        {listing.imageUrl && !isMediaPath(listing.imageUrl) && (
          <ExternalImageLink href={listing.imageUrl} className="px-6 pt-4 sm:px-8" />
        )}
        <div className="p-6 sm:p-8">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <div className="mb-2 flex flex-wrap gap-1.5">
                <Badge tone={active ? 'success' : 'neutral'}>
                  {active ? 'Active' : listing.status === 'suspended' ? 'Suspended' : soldLabel}
                </Badge>
                {active && listing.stock > 1 && <Badge tone="neutral">{st.inStock(listing.stock)}</Badge>}
                <Badge tone="primary">{typeLabels[listing.type]}</Badge>
                <DetectionBadge listing={listing} />
              </div>
              <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{listing.title}</h1>
              <p className="mt-1 text-muted">{listing.game}</p>
            </div>
            <p className="text-2xl font-bold text-primary">{listing.price} Credits</p>
          </div>

          <div className="mt-6 flex flex-wrap items-end gap-2">
            {abilities.buy && maxUnits > 1 && (
              <label className="flex flex-col gap-1 text-sm">
                <span className="text-muted">{st.quantity}</span>
                <select
                  value={quantity}
                  onChange={(e) => setUnits(Number(e.target.value))}
                  className="h-10 cursor-pointer rounded-lg border border-line bg-surface px-3"
                >
                  {Array.from({ length: maxUnits }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {abilities.buy && (
              <Button
                onClick={() => {
                  setBuyKey(crypto.randomUUID());
                  setConfirmBuy(true);
                }}
              >
                <ShoppingCart className="size-4" aria-hidden="true" />
                Buy Now
              </Button>
            )}
            {abilities.edit && (
              <Link to={`/marketplace/edit/${listing.id}`} className={buttonClasses('outline', 'md')}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Link>
            )}
            {abilities.delete && (
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                <Trash2 className="size-4" aria-hidden="true" />
                Delete
              </Button>
            )}
            {abilities.report && <ReportButton type="listing" id={listing.id} label="Report" />}
            {abilities.watch && (
              <WatchButton watching={listing.watching} toggle={watch.mutateAsync} pending={watch.isPending} />
            )}
          </div>
          {abilities.setDetection && <DetectionControl listing={listing} />}

          {listing.contentLink && (
            <section
              aria-label="Content link"
              className="mt-6 flex items-start gap-3 rounded-xl border border-success/30 bg-success/10 p-4"
            >
              <KeyRound className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-semibold">Content Link</p>
                <a
                  href={listing.contentLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-primary underline"
                >
                  {listing.contentLink}
                </a>
              </div>
            </section>
          )}

          {isBuyer && listing.deliveryKind === 'keys' && listing.order && (
            <BuyerKeys orderId={listing.order.id} />
          )}

          {isSeller && listing.deliveryKind === 'keys' && listing.status !== 'suspended' && (
            <SellerKeys listingId={listing.id} />
          )}

          {listing.order && <OrderPanel order={listing.order} />}

          {abilities.feedback && (
            <section className="mt-6 rounded-xl border border-line p-4">
              {feedbackOpen ? (
                <FeedbackForm listingId={listing.id} onClose={() => setFeedbackOpen(false)} />
              ) : (
                <Button variant="outline" onClick={() => setFeedbackOpen(true)}>
                  <Star className="size-4" aria-hidden="true" />
                  Leave Feedback
                </Button>
              )}
            </section>
          )}

          <Section title="Description" text={listing.description} />
          <Section title="Features" text={listing.features} />
          <Section title="Requirements" text={listing.requirements} />

          <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
            <div className="rounded-xl bg-surface-2 px-4 py-3">
              <dt className="mb-2 text-muted">Seller</dt>
              <dd>
                <SellerLine seller={listing.seller} />
                <div className="mt-3">
                  <SellerFigures reputation={listing.sellerReputation} />
                </div>
              </dd>
            </div>
            <div className="rounded-xl bg-surface-2 px-4 py-3">
              <dt className="mb-2 text-muted">{listing.buyer ? 'Buyer' : 'Listed'}</dt>
              <dd>
                {listing.buyer ? (
                  <div className="flex items-center gap-2">
                    <Avatar
                      username={listing.buyer.username}
                      avatarUrl={listing.buyer.avatarUrl}
                      className="size-7 text-xs"
                    />
                    <Link to={`/profile/${listing.buyer.id}`} className="font-medium hover:underline">
                      {listing.buyer.username}
                    </Link>
                    <UserCheck className="size-4 text-success" aria-hidden="true" />
                    {listing.soldAt && (
                      <time className="ml-auto text-xs text-muted" dateTime={toIsoString(listing.soldAt)}>
                        {formatDateLong(listing.soldAt)}
                      </time>
                    )}
                  </div>
                ) : (
                  <time className="font-medium" dateTime={toIsoString(listing.createdAt)}>
                    {formatDateLong(listing.createdAt)}
                  </time>
                )}
              </dd>
            </div>
          </dl>
        </div>
      </Card>

      <ConfirmDialog
        open={confirmBuy}
        onOpenChange={setConfirmBuy}
        title="Confirm purchase"
        message={m.purchaseConfirm}
        confirmLabel={`Buy for ${listing.price * quantity} Credits`}
        onConfirm={buy}
        pending={purchase.isPending}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete listing"
        message="Are you sure you want to delete this listing? This action cannot be undone."
        onConfirm={del}
        pending={remove.isPending}
      />
    </div>
  );
}
