import { Receipt, Store } from 'lucide-react';
import { useState } from 'react';
import type { ListingSort } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketUi as ui } from '../../../../contract/texts/market-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { FIRST_ROW, PagedGrid } from '../../../components/ui/card-grid.tsx';
import { CreateListingLink, SellerDashboardLink } from '../../../components/ui/market-links.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import { defaultListingFilters, type StatusFilter, type TypeFilter, useListings } from '../api.ts';
import { ListingCard } from '../components/listing-card.tsx';

/** The status filter's choices, read at render (the words follow the language). */
export const statusOptions = () => ({ all: commonUi.all, active: w.active, sold: w.sold });

export function MarketplacePage() {
  const { user } = useSession();
  const [status, setStatus] = useState<StatusFilter>(defaultListingFilters.status);
  const [type, setType] = useState<TypeFilter>(defaultListingFilters.type);
  const [sort, setSort] = useState<ListingSort>(defaultListingFilters.sort);
  const search = useSearchText();
  const query = useListings({ status, type, sort, q: search.q });

  const actions = user && (
    <>
      <ButtonLink to="/orders" icon={Receipt} variant="outline">
        {ui.myOrders}
      </ButtonLink>
      <SellerDashboardLink />
      <CreateListingLink />
    </>
  );

  return (
    <Page width="max-w-6xl" title={ui.title} icon={Store} intro={ui.intro} actions={actions}>
      <div className="mb-6 flex flex-col gap-3">
        <SearchInput
          label={w.searchListings}
          placeholder={ui.searchPlaceholder}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
        />
        <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
          <Segmented label={commonUi.status} value={status} options={statusOptions()} onChange={setStatus} />
          <Segmented
            label={commonUi.type}
            value={type}
            options={{ all: commonUi.all, cheat: ui.cheats, account: ui.accounts, item: ui.items }}
            onChange={setType}
          />
          <Select
            label={ui.sortBy}
            value={sort}
            onChange={(e) => setSort(e.target.value as ListingSort)}
            className="md:ml-auto md:w-56"
          >
            <option value="newest">{ui.newest}</option>
            <option value="price_low">{ui.priceLow}</option>
            <option value="price_high">{ui.priceHigh}</option>
          </Select>
        </div>
      </div>
      <PagedGrid
        query={query}
        failedText={m.loadListFailed}
        loadingLabel={w.loadingListings}
        emptyText={m.empty}
      >
        {(l, i) => <ListingCard listing={l} eager={i < FIRST_ROW} />}
      </PagedGrid>
    </Page>
  );
}
