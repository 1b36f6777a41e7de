import { BarChart3, Plus, Receipt, SearchX, Store } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListingSort } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m, stockMessages as st } from '../../../../contract/messages.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CardGridSkeleton } from '../../../components/ui/card-grid-skeleton.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { defaultListingFilters, type StatusFilter, type TypeFilter, useListings } from '../api.ts';
import { ListingCard } from '../components/listing-card.tsx';

export const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'sold', label: 'Sold' },
] as const;
export const typeOptions = [
  { value: 'all', label: 'All' },
  { value: 'cheat', label: 'Cheats' },
  { value: 'account', label: 'Accounts' },
  { value: 'item', label: 'Items' },
] as const;

export function MarketplacePage() {
  const { user } = useSession();
  const [status, setStatus] = useState<StatusFilter>(defaultListingFilters.status);
  const [type, setType] = useState<TypeFilter>(defaultListingFilters.type);
  const [sort, setSort] = useState<ListingSort>(defaultListingFilters.sort);
  const [search, setSearch] = useState(defaultListingFilters.q);
  const q = useDebouncedValue(search.trim());
  const query = useListings({ status, type, sort, q });

  useFailureToast(query.isError, 'listings-load', m.loadListFailed);

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Marketplace"
        icon={Store}
        actions={
          user && (
            <>
              <Link to="/orders" className={buttonClasses('outline', 'md')}>
                <Receipt className="size-4" aria-hidden="true" />
                My Orders
              </Link>
              <Link to="/seller" className={buttonClasses('outline', 'md')}>
                <BarChart3 className="size-4" aria-hidden="true" />
                {st.dashboardTitle}
              </Link>
              <Link to="/marketplace/create" className={buttonClasses('primary', 'md')}>
                <Plus className="size-4" aria-hidden="true" />
                Create Listing
              </Link>
            </>
          )
        }
      >
        Buy and sell cheats, accounts and items with credits.
      </PageHeader>
      <div className="mb-6 flex flex-col gap-3">
        <SearchInput
          label="Search listings"
          placeholder="Search listings or sellers..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
          <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
          <Segmented label="Type" value={type} options={typeOptions} onChange={setType} />
          <Select
            label="Sort by"
            value={sort}
            onChange={(e) => setSort(e.target.value as ListingSort)}
            className="md:ml-auto md:w-56"
          >
            <option value="newest">Newest</option>
            <option value="price_low">Price: Low to High</option>
            <option value="price_high">Price: High to Low</option>
          </Select>
        </div>
      </div>
      {query.isPending ? (
        <CardGridSkeleton label="Loading listings…" />
      ) : items.length === 0 ? (
        <EmptyState text={m.empty} icon={<SearchX className="size-8" aria-hidden="true" />} />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((l) => (
              <li key={l.id} className="flex">
                <ListingCard listing={l} />
              </li>
            ))}
          </ul>
          <LoadMore query={query} className="mt-8 flex justify-center" />
        </>
      )}
    </div>
  );
}
