import { Package, SearchX, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { productMessages as m } from '../../../../contract/messages.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CardGridSkeleton } from '../../../components/ui/card-grid-skeleton.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useProducts } from '../api.ts';
import { ProductCard } from '../components/product-card.tsx';

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
] as const;

export function ProductsPage() {
  const [status, setStatus] = useState<'all' | 'active'>('active');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const query = useProducts(status, q);

  useFailureToast(query.isError, 'products-load', m.loadFailed);

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Products"
        icon={Package}
        actions={
          <Link to="/cheats" className={buttonClasses('outline', 'md')}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            Cheat Status
          </Link>
        }
      >
        Official cheats and tools, hand-picked and kept up to date.
      </PageHeader>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          label="Search products"
          placeholder="Search products..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="flex-1"
        />
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
      </div>
      {query.isPending ? (
        <CardGridSkeleton label="Loading products…" />
      ) : items.length === 0 ? (
        <EmptyState text={m.empty} icon={<SearchX className="size-8" aria-hidden="true" />} />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((p) => (
              <li key={p.id} className="flex">
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
          <LoadMore query={query} className="mt-8 flex justify-center" />
        </>
      )}
    </div>
  );
}
