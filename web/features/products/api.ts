import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminProduct, ProductBody, ProductStatus } from '../../../contract/products.ts';
import { productsRoutes } from '../../lib/api-routes/products.gen.ts';
import { pagedQuery, usePagedQuery, useRefreshingMutation } from '../../lib/queries.ts';

const productsRootKey = ['products'] as const;

export const productKeys = {
  all: productsRootKey,
  list: (status: 'active' | 'all', q: string) => [...productsRootKey, 'list', status, q] as const,
  detail: (id: string) => [...productsRootKey, 'detail', id] as const,
  admin: (status: 'all' | ProductStatus, q: string) => [...productsRootKey, 'admin', status, q] as const,
};

export function productListQuery(status: 'active' | 'all', q: string) {
  return pagedQuery(
    productKeys.list(status, q),
    (cursor, signal) => productsRoutes.list({ status, q, cursor }, { signal }),
    // The same for everyone: kept when members sign in or out.
    { meta: { public: true } },
  );
}

export function useProducts(status: 'active' | 'all', q: string) {
  return useInfiniteQuery(productListQuery(status, q));
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => productsRoutes.get({ id }, { signal }),
    meta: { public: true },
  });
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

export function useAdminProducts(status: 'all' | ProductStatus, q: string) {
  return usePagedQuery(productKeys.admin(status, q), (cursor, signal) =>
    productsRoutes.adminList({ status, q, cursor }, { signal }),
  );
}

/** Every product write refreshes every product list and detail (public and admin). */
function useProductMutation<V>(fn: (vars: V) => Promise<AdminProduct | undefined>) {
  return useRefreshingMutation(fn, productKeys.all);
}

export function useCreateProduct() {
  return useProductMutation((body: ProductBody) => productsRoutes.create(body));
}

export function useUpdateProduct() {
  return useProductMutation(({ id, body }: { id: string; body: ProductBody }) =>
    productsRoutes.edit({ id }, body),
  );
}

export function usePinProduct() {
  return useProductMutation(({ id, isPinned }: { id: string; isPinned: boolean }) =>
    productsRoutes.pin({ id }, { isPinned }),
  );
}

export function useSetProductStatus() {
  return useProductMutation(({ id, status }: { id: string; status: ProductStatus }) =>
    productsRoutes.setStatus({ id }, { status }),
  );
}

export function useDeleteProduct() {
  return useProductMutation((id: string) => productsRoutes.remove({ id }));
}
