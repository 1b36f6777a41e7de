import { Package, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { productMessages as m } from '../../../../contract/messages.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { PagedGrid } from '../../../components/ui/card-grid.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchFilters } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import { useProducts } from '../api.ts';
import { ProductCard } from '../components/product-card.tsx';

const statusOptions = { all: 'All', active: 'Active' };

export function ProductsPage() {
  const [status, setStatus] = useState<'all' | 'active'>('active');
  const search = useSearchText();
  const query = useProducts(status, search.q);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Products"
        icon={Package}
        actions={
          <ButtonLink to="/cheats" icon={ShieldCheck} variant="outline">
            Cheat Status
          </ButtonLink>
        }
      >
        Official cheats and tools, hand-picked and kept up to date.
      </PageHeader>
      <SearchFilters
        search={{ ...search, label: 'Search products', placeholder: 'Search products...' }}
        className="mb-6"
      >
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
      </SearchFilters>
      <PagedGrid query={query} failedText={m.loadFailed} loadingLabel="Loading products…" emptyText={m.empty}>
        {(p) => <ProductCard product={p} />}
      </PagedGrid>
    </div>
  );
}
