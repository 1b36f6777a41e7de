import { Package, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { productMessages as m } from '../../../../contract/messages/product.ts';
import { cheatUi } from '../../../../contract/texts/cheat-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { productUi as ui } from '../../../../contract/texts/product-ui.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { FIRST_ROW, PagedGrid } from '../../../components/ui/card-grid.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SearchFilters } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import { useProducts } from '../api.ts';
import { ProductCard } from '../components/product-card.tsx';

export function ProductsPage() {
  const [status, setStatus] = useState<'all' | 'active'>('active');
  const search = useSearchText();
  const query = useProducts(status, search.q);

  const actions = (
    <ButtonLink to="/cheats" icon={ShieldCheck} variant="outline">
      {cheatUi.title}
    </ButtonLink>
  );

  return (
    <Page width="max-w-6xl" title={ui.title} icon={Package} intro={ui.intro} actions={actions}>
      <SearchFilters
        search={{ ...search, label: ui.search, placeholder: ui.searchPlaceholder }}
        className="mb-6"
      >
        <Segmented
          label={commonUi.status}
          value={status}
          options={{ all: commonUi.all, active: w.active }}
          onChange={setStatus}
        />
      </SearchFilters>
      <PagedGrid query={query} failedText={m.loadFailed} loadingLabel={ui.loading} emptyText={m.empty}>
        {(p, i) => <ProductCard product={p} eager={i < FIRST_ROW} />}
      </PagedGrid>
    </Page>
  );
}
