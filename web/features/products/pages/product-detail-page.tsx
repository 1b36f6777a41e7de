import { CalendarClock, CalendarPlus, type LucideIcon, PackageX, Pin, ShieldAlert } from 'lucide-react';
import { useParams } from 'react-router';
import { productMessages as m } from '../../../../contract/messages/product.ts';
import type { Product } from '../../../../contract/products.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { productUi as ui } from '../../../../contract/texts/product-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { DetailPage, ImageDetailSkeleton, NotFoundCard } from '../../../components/ui/detail-page.tsx';
import { ImageDetailCard } from '../../../components/ui/image-detail-card.tsx';
import { useProduct } from '../api.ts';
import { BuyNowLink, ProductImage } from '../components/product-card.tsx';

export function ProductDetailPage() {
  const { productId = '' } = useParams();
  return (
    <DetailPage
      query={useProduct(productId)}
      back={{ to: '/products', label: ui.back }}
      width="max-w-4xl"
      loadingLabel={ui.loadingOne}
      skeleton={<ImageDetailSkeleton lines={2} />}
      notFound={<NotFoundCard text={m.notFound} icon={PackageX} />}
      failedText={m.detailFailed}
    >
      {(product) => <ProductDetail product={product} />}
    </DetailPage>
  );
}

/** One of the product's dates in a tile: its icon, what it is and when. */
function DateTile({ icon: Icon, term, at }: { icon: LucideIcon; term: string; at: string }) {
  return (
    <div className="flex items-center gap-2 rounded-xl bg-surface-2 px-4 py-3">
      <Icon className="size-4 text-primary" aria-hidden="true" />
      <dt className="text-muted">{term}</dt>
      <dd className="ml-auto font-medium">
        <DateTime at={at} />
      </dd>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const active = product.status === 'active';
  return (
    <ImageDetailCard
      image={<ProductImage product={product} className="h-56 sm:h-72" eager />}
      imageUrl={product.imageUrl}
      badges={
        <>
          {product.isPinned && (
            <Badge tone="primary">
              <Pin className="size-3" aria-hidden="true" />
              {ui.pinned}
            </Badge>
          )}
          <Badge tone={active ? 'success' : 'neutral'}>{active ? w.active : w.inactive}</Badge>
        </>
      }
      title={product.title}
      aside={active && product.salesUrl && <BuyNowLink href={product.salesUrl} className="h-11 px-5" />}
    >
      <section aria-labelledby="description-heading" className="mt-6">
        <h2 id="description-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
          {w.description}
        </h2>
        <p className="mt-2 leading-relaxed break-words whitespace-pre-line">{product.description}</p>
      </section>

      <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
        <DateTile icon={CalendarPlus} term={w.created} at={product.createdAt} />
        <DateTile icon={CalendarClock} term={w.lastUpdated} at={product.updatedAt} />
      </dl>

      <aside
        aria-label={ui.safetyNotice}
        className="mt-6 flex gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm"
      >
        <ShieldAlert className="size-5 shrink-0 text-amber-500" aria-hidden="true" />
        <div>
          <p className="font-semibold">{ui.safetyNotice}</p>
          <p className="mt-1 leading-relaxed text-muted">{ui.safetyText}</p>
        </div>
      </aside>
    </ImageDetailCard>
  );
}
