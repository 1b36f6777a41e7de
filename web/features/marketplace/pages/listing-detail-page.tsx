import { Star } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ListingDetail } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { stockMessages as st } from '../../../../contract/messages/stock.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { listingTypeLabels } from '../../../../contract/texts/market-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DetailPage, ImageDetailSkeleton, NotFoundCard } from '../../../components/ui/detail-page.tsx';
import { ImageDetailCard } from '../../../components/ui/image-detail-card.tsx';
import { useSession } from '../../../lib/session.ts';
import { useListing } from '../api.ts';
import { DeliveredBox } from '../components/delivered-box.tsx';
import { DetectionControl } from '../components/detection-control.tsx';
import { FeedbackForm } from '../components/feedback-form.tsx';
import { BuyerKeys, SellerKeys } from '../components/license-keys.tsx';
import { ListingActions } from '../components/listing-actions.tsx';
import { DetectionBadge, ListingImage } from '../components/listing-card.tsx';
import { ListingParties } from '../components/listing-parties.tsx';
import { OrderPanel } from '../components/order-panel.tsx';

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
  return (
    <DetailPage
      query={useListing(listingId)}
      back={{ to: '/marketplace', label: w.backToMarketplace }}
      width="max-w-4xl"
      loadingLabel={ui.loading}
      skeleton={<ImageDetailSkeleton lines={1} />}
      notFound={<NotFoundCard text={m.notFound} />}
      failedText={m.loadDetailFailed}
    >
      {(listing) => <ListingView listing={listing} />}
    </DetailPage>
  );
}

function ListingView({ listing }: { listing: ListingDetail }) {
  const { user } = useSession();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const active = listing.status === 'active';
  // A listing with stock sells many times: the viewer's own order says they bought it.
  const isBuyer = listing.order?.role === 'buyer';
  const isSeller = user?.id === listing.seller.id;
  const soldLabel = listing.deliveryKind === 'keys' ? st.soldOut : w.sold;
  const { abilities } = listing;

  return (
    <ImageDetailCard
      image={<ListingImage listing={listing} className="h-56 sm:h-72" eager />}
      imageUrl={listing.imageUrl}
      badges={
        <>
          <Badge tone={active ? 'success' : 'neutral'}>
            {active ? w.active : listing.status === 'suspended' ? w.suspended : soldLabel}
          </Badge>
          {active && listing.stock > 1 && <Badge tone="neutral">{st.inStock(listing.stock)}</Badge>}
          <Badge tone="primary">{listingTypeLabels[listing.type]}</Badge>
          <DetectionBadge listing={listing} />
        </>
      }
      title={listing.title}
      under={<p className="mt-1 text-muted">{listing.game}</p>}
      aside={<p className="text-2xl font-bold text-primary">{w.credits(listing.price)}</p>}
    >
      <ListingActions listing={listing} />
      {abilities.setDetection && <DetectionControl listing={listing} />}

      {listing.contentLink && (
        <DeliveredBox label={ui.contentLinkRegion} title={ui.contentLink}>
          <a
            href={listing.contentLink}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-primary underline"
          >
            {listing.contentLink}
          </a>
        </DeliveredBox>
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
            <Button variant="outline" onClick={() => setFeedbackOpen(true)} icon={Star}>
              {ui.leaveFeedback}
            </Button>
          )}
        </section>
      )}

      <Section title={w.description} text={listing.description} />
      <Section title={w.features} text={listing.features} />
      <Section title={w.requirements} text={listing.requirements} />

      <ListingParties listing={listing} />
    </ImageDetailCard>
  );
}
