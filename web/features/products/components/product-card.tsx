import { ExternalLink, Package } from 'lucide-react';
import { Link } from 'react-router';
import type { Product } from '../../../../contract/products.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { productUi as ui } from '../../../../contract/texts/product-ui.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CardTitle, CoverCard, CoverImage } from '../../../components/ui/cover-card.tsx';

/** Buy Now opens the external shop in a new tab, never giving it a handle on this page. */
export function BuyNowLink({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses('primary', 'sm', className)}
    >
      {w.buyNow}
      <ExternalLink className="size-4" aria-hidden="true" />
    </a>
  );
}

export function ProductImage({
  product,
  className,
  eager,
}: {
  product: Product;
  className?: string;
  eager?: boolean;
}) {
  return <CoverImage src={product.imageUrl} icon={Package} className={className} eager={eager} />;
}

/** `eager`: a card of the grid's first row (CoverImage). */
export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  const active = product.status === 'active';
  return (
    <CoverCard
      labelledBy={`product-${product.id}`}
      cover={<ProductImage product={product} className="h-40" eager={eager} />}
      pinned={product.isPinned}
      flag={active ? undefined : w.inactive}
    >
      <div className="flex flex-1 flex-col p-5">
        <CardTitle id={`product-${product.id}`} to={`/products/${product.id}`}>
          {product.title}
        </CardTitle>
        <p className="mt-2 line-clamp-3 flex-1 text-sm leading-relaxed whitespace-pre-line text-muted">
          {product.description}
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-2">
          {active && product.salesUrl && <BuyNowLink href={product.salesUrl} />}
          <Link
            to={`/products/${product.id}`}
            className={buttonClasses('outline', 'sm')}
            aria-label={ui.viewDetails(product.title)}
          >
            {ui.details}
          </Link>
        </div>
      </div>
    </CoverCard>
  );
}
