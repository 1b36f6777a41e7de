import { BarChart3, Plus, Receipt, Store } from 'lucide-react';
import { useState } from 'react';
import type { ListingSort } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m, stockMessages as st } from '../../../../contract/messages.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { PagedGrid } from '../../../components/ui/card-grid.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import { defaultListingFilters, type StatusFilter, type TypeFilter, useListings } from '../api.ts';
import { ListingCard } from '../components/listing-card.tsx';

export const statusOptions = { all: 'All', active: 'Active', sold: 'Sold' };
export const typeOptions = { all: 'All', cheat: 'Cheats', account: 'Accounts', item: 'Items' };

export function MarketplacePage() {
  const { user } = useSession();
  const [status, setStatus] = useState<StatusFilter>(defaultListingFilters.status);
  const [type, setType] = useState<TypeFilter>(defaultListingFilters.type);
  const [sort, setSort] = useState<ListingSort>(defaultListingFilters.sort);
  const search = useSearchText();
  const query = useListings({ status, type, sort, q: search.q });

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Marketplace"
        icon={Store}
        actions={
          user && (
            <>
              <ButtonLink to="/orders" icon={Receipt} variant="outline">
                My Orders
              </ButtonLink>
              <ButtonLink to="/seller" icon={BarChart3} variant="outline">
                {st.dashboardTitle}
              </ButtonLink>
              <ButtonLink to="/marketplace/create" icon={Plus}>
                Create Listing
              </ButtonLink>
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
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
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
      <PagedGrid
        query={query}
        failedText={m.loadListFailed}
        loadingLabel="Loading listings…"
        emptyText={m.empty}
      >
        {(l) => <ListingCard listing={l} />}
      </PagedGrid>
    </div>
  );
}
