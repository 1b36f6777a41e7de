import { ExternalLink, Package, Pin } from 'lucide-react';
import { Link } from 'react-router';
import type { Product } from '../../../../contract/products.ts';
import { isMediaPath } from '../../../../contract/uploads.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Img } from '../../../components/ui/img.tsx';

/** Buy Now opens the external shop in a new tab, never giving it a handle on this page. */
export function BuyNowLink({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses('primary', 'sm', className)}
    >
      Buy Now
      <ExternalLink className="size-4" aria-hidden="true" />
    </a>
  );
}

export function ProductImage({ product, className }: { product: Product; className?: string }) {
  return (
    <div
      className={`relative grid place-items-center overflow-hidden bg-gradient-to-br from-primary/25 via-secondary/15 to-transparent ${className ?? ''}`}
    >
      <Package className="size-10 text-primary/70" aria-hidden="true" />
      {/* Only an image we host is shown; any other address is a link on the product's page (decision 023). */}
      {isMediaPath(product.imageUrl) && (
        <Img src={product.imageUrl} loading="lazy" className="absolute inset-0 size-full object-cover" />
      )}
    </div>
  );
}

export function ProductCard({ product }: { product: Product }) {
  const active = product.status === 'active';
  return (
    <Card className="group flex w-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:border-primary/40">
      <article aria-labelledby={`product-${product.id}`} className="flex flex-1 flex-col">
        <div className="relative">
          <ProductImage product={product} className="h-40" />
          <div className="absolute top-3 left-3 flex gap-1.5">
            {product.isPinned && (
              <Badge tone="primary" className="bg-surface/90 backdrop-blur">
                <Pin className="size-3" aria-hidden="true" />
                Pinned
              </Badge>
            )}
            {!active && (
              <Badge tone="neutral" className="bg-surface/90 backdrop-blur">
                Inactive
              </Badge>
            )}
          </div>
        </div>
        <div className="flex flex-1 flex-col p-5">
          <h2 id={`product-${product.id}`} className="text-lg font-semibold leading-snug">
            <Link to={`/products/${product.id}`} className="hover:text-primary focus-visible:underline">
              {product.title}
            </Link>
          </h2>
          <p className="mt-2 line-clamp-3 flex-1 text-sm leading-relaxed whitespace-pre-line text-muted">
            {product.description}
          </p>
          <div className="mt-5 flex flex-wrap items-center gap-2">
            {active && product.salesUrl && <BuyNowLink href={product.salesUrl} />}
            <Link
              to={`/products/${product.id}`}
              className={buttonClasses('outline', 'sm')}
              aria-label={`View details of ${product.title}`}
            >
              Details
            </Link>
          </div>
        </div>
      </article>
    </Card>
  );
}
