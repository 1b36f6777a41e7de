import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminProduct,
  AdminProductPage,
  Product,
  ProductBody,
  ProductPage,
  ProductStatus,
} from '../../../contract/products.ts';
import { api } from '../../lib/api.ts';

export const productKeys = {
  all: ['products'] as const,
  list: (status: 'active' | 'all', q: string) => ['products', 'list', status, q] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  admin: (status: 'all' | ProductStatus, q: string) => ['products', 'admin', status, q] as const,
};

function listPath(base: string, params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

export function productListQuery(status: 'active' | 'all', q: string) {
  return infiniteQueryOptions({
    queryKey: productKeys.list(status, q),
    queryFn: ({ pageParam, signal }) =>
      api<ProductPage>(listPath('/products', { status, q, cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The same for everyone: kept when members sign in or out.
    meta: { public: true },
  });
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
  return useInfiniteQuery({
    queryKey: productKeys.admin(status, q),
    queryFn: ({ pageParam, signal }) =>
      api<AdminProductPage>(listPath('/admin/products', { status, q, cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every product write refreshes every product list and detail (public and admin). */
function useProductMutation<V>(fn: (vars: V) => Promise<AdminProduct | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
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
