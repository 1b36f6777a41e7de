import { ArrowLeft, CalendarClock, CalendarPlus, PackageX, Pin, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { productMessages as m } from '../../../../contract/messages.ts';
import { isMediaPath } from '../../../../contract/uploads.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ExternalImageLink } from '../../../components/ui/hosted-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useProduct } from '../api.ts';
import { BuyNowLink, ProductImage } from '../components/product-card.tsx';

const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

export function ProductDetailPage() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const query = useProduct(productId);
  const failed = query.isError && !isMissing(query.error);

  useEffect(() => {
    if (!failed) return;
    toast.error(m.detailFailed, { id: 'product-detail' });
    void navigate('/products', { replace: true });
  }, [failed, navigate]);

  const back = (
    <Link to="/products" className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to products
    </Link>
  );

  if (query.isError && !failed) {
    return (
      <div className="mx-auto w-full max-w-4xl">
        {back}
        <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <PackageX className="size-10 text-muted" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{m.notFound}</h1>
        </Card>
      </div>
    );
  }

  const product = query.data;
  if (!product) {
    return (
      <div role="status" aria-live="polite" className="mx-auto w-full max-w-4xl">
        <span className="sr-only">Loading product…</span>
        {back}
        <Card className="overflow-hidden">
          <Skeleton className="h-64 w-full rounded-none" />
          <div className="p-6">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-5/6" />
          </div>
        </Card>
      </div>
    );
  }

  const active = product.status === 'active';
  return (
    <div className="mx-auto w-full max-w-4xl">
      {back}
      <Card className="overflow-hidden">
        <ProductImage product={product} className="h-56 sm:h-72" />
        {product.imageUrl && !isMediaPath(product.imageUrl) && (
          <ExternalImageLink href={product.imageUrl} className="px-6 pt-4 sm:px-8" />
        )}
        <div className="p-6 sm:p-8">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <div className="mb-2 flex flex-wrap gap-1.5">
                {product.isPinned && (
                  <Badge tone="primary">
                    <Pin className="size-3" aria-hidden="true" />
                    Pinned
                  </Badge>
                )}
                <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>
              </div>
              <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{product.title}</h1>
            </div>
            {active && product.salesUrl && <BuyNowLink href={product.salesUrl} className="h-11 px-5" />}
          </div>

          <section aria-labelledby="description-heading" className="mt-6">
            <h2 id="description-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
              Description
            </h2>
            <p className="mt-2 leading-relaxed break-words whitespace-pre-line">{product.description}</p>
          </section>

          <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
            <div className="flex items-center gap-2 rounded-xl bg-surface-2 px-4 py-3">
              <CalendarPlus className="size-4 text-primary" aria-hidden="true" />
              <dt className="text-muted">Created</dt>
              <dd className="ml-auto font-medium">
                <time dateTime={toIsoString(product.createdAt)}>{formatDateLong(product.createdAt)}</time>
              </dd>
            </div>
            <div className="flex items-center gap-2 rounded-xl bg-surface-2 px-4 py-3">
              <CalendarClock className="size-4 text-primary" aria-hidden="true" />
              <dt className="text-muted">Last updated</dt>
              <dd className="ml-auto font-medium">
                <time dateTime={toIsoString(product.updatedAt)}>{formatDateLong(product.updatedAt)}</time>
              </dd>
            </div>
          </dl>

          <aside
            aria-label="Safety notice"
            className="mt-6 flex gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm"
          >
            <ShieldAlert className="size-5 shrink-0 text-amber-500" aria-hidden="true" />
            <div>
              <p className="font-semibold">Safety notice</p>
              <p className="mt-1 leading-relaxed text-muted">
                Buy Now takes you to the seller's official store in a new tab. Never share your CheatMarket
                password there, check the address before paying, and contact support if anything looks wrong.
              </p>
            </div>
          </aside>
        </div>
      </Card>
    </div>
  );
}
