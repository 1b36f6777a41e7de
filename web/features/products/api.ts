import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AdminProduct,
  AdminProductPage,
  Product,
  ProductBody,
  ProductPage,
  ProductStatus,
} from '../../../contract/products.ts';
import { api } from '../../lib/api.ts';
import { pagedQuery, useRefreshingMutation } from '../../lib/queries.ts';

export const productKeys = {
  all: ['products'] as const,
  list: (status: 'active' | 'all', q: string) => ['products', 'list', status, q] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  admin: (status: 'all' | ProductStatus, q: string) => ['products', 'admin', status, q] as const,
};

export function productListQuery(status: 'active' | 'all', q: string) {
  return {
    ...pagedQuery<ProductPage>(productKeys.list(status, q), '/products', { status, q }),
    // The same for everyone: kept when members sign in or out.
    meta: { public: true },
  };
}

export function useProducts(status: 'active' | 'all', q: string) {
  return useInfiniteQuery(productListQuery(status, q));
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api<Product>(`/products/${id}`, { signal }),
    meta: { public: true },
  });
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

export function useAdminProducts(status: 'all' | ProductStatus, q: string) {
  return useInfiniteQuery(
    pagedQuery<AdminProductPage>(productKeys.admin(status, q), '/admin/products', { status, q }),
  );
}

/** Every product write refreshes every product list and detail (public and admin). */
function useProductMutation<V>(fn: (vars: V) => Promise<AdminProduct | undefined>) {
  return useRefreshingMutation(fn, productKeys.all);
}

export function useCreateProduct() {
  return useProductMutation((body: ProductBody) =>
    api<AdminProduct>('/admin/products', { method: 'POST', body }),
  );
}

export function useUpdateProduct() {
  return useProductMutation(({ id, body }: { id: string; body: ProductBody }) =>
    api<AdminProduct>(`/admin/products/${id}`, { method: 'PUT', body }),
  );
}

export function usePinProduct() {
  return useProductMutation(({ id, isPinned }: { id: string; isPinned: boolean }) =>
    api<AdminProduct>(`/admin/products/${id}/pin`, { method: 'PUT', body: { isPinned } }),
  );
}

export function useSetProductStatus() {
  return useProductMutation(({ id, status }: { id: string; status: ProductStatus }) =>
    api<AdminProduct>(`/admin/products/${id}/status`, { method: 'PUT', body: { status } }),
  );
}

export function useDeleteProduct() {
  return useProductMutation((id: string) => api<undefined>(`/admin/products/${id}`, { method: 'DELETE' }));
}
