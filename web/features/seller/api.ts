import { useQuery } from '@tanstack/react-query';
import type { StockBody } from '../../../contract/stock.ts';
import { sellerRoutes } from '../../lib/api-routes/seller.gen.ts';
import { stockRoutes } from '../../lib/api-routes/stock.gen.ts';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { listingsRootKey } from '../../lib/query-roots.ts';

const sellerRootKey = ['seller'] as const;

export const sellerKeys = {
  all: sellerRootKey,
  listings: [...sellerRootKey, 'listings'] as const,
  sales: [...sellerRootKey, 'sales'] as const,
};

export function useSellerListings() {
  return usePagedQuery(sellerKeys.listings, (cursor, signal) =>
    sellerRoutes.listings({ cursor }, { signal }),
  );
}

export function useSalesSummary() {
  return useQuery({
    queryKey: sellerKeys.sales,
    queryFn: ({ signal }) => sellerRoutes.sales({ signal }),
  });
}

/** A link listing's stock (restock) or either kind's low-stock warning; refreshes the dashboard and listings. */
export function useSetStock() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: StockBody }) => stockRoutes.setStock({ id }, body),
    sellerKeys.all,
    listingsRootKey,
  );
}

/** The CSV is a plain download from the server (text/csv with a file name): no script builds it. */
export const salesCsvPath = '/api/v1/seller/sales.csv';
