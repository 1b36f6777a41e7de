import { Receipt } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateShort, toIsoString } from '../../../lib/format.ts';
import { useOrders } from '../api.ts';

export function OrdersPage() {
  const query = useOrders();
  useEffect(() => {
    if (query.isError) toast.error('Failed to load orders', { id: 'orders-load' });
  }, [query.isError]);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader
        title="Orders"
        icon={<Receipt className="size-6" aria-hidden="true" />}
        description="Your marketplace purchases and sales."
      />
      {query.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading orders…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState text="No orders yet" icon={<Receipt className="size-8" aria-hidden="true" />} />
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((o) => (
            <li key={o.id}>
              <Card className="flex flex-wrap items-center gap-3 p-4">
                <Badge tone={o.role === 'buyer' ? 'primary' : 'success'}>
                  {o.role === 'buyer' ? 'Bought' : 'Sold'}
                </Badge>
                <div className="min-w-0 flex-1">
                  {o.listingId ? (
                    <Link to={`/marketplace/${o.listingId}`} className="font-semibold hover:underline">
                      {o.listingTitle}
                    </Link>
                  ) : (
                    <span className="font-semibold">{o.listingTitle}</span>
                  )}
                  <p className="text-sm text-muted">
                    {o.role === 'buyer' ? 'from' : 'to'} {o.counterparty?.username ?? 'a former member'} ·{' '}
                    <time dateTime={toIsoString(o.createdAt)}>{formatDateShort(o.createdAt)}</time>
                  </p>
                </div>
                <div className="text-right">
                  <p className="font-bold text-primary">{o.price} Credits</p>
                  {o.role === 'seller' && <p className="text-xs text-muted">fee {o.fee} Credits</p>}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
