import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FeedbackBody,
  FeedbackResult,
  ListingCreateBody,
  ListingDetail,
  ListingEditBody,
  ListingPage,
  ListingSort,
  PurchaseBody,
} from '../../../contract/marketplace.ts';
import type {
  AdminOrderListQuery,
  DisputeBody,
  OrderDetail,
  OrderListQuery,
  OrderPage,
  SettleBody,
} from '../../../contract/orders.ts';
import type { KeysChanged, KeysUploadBody, ListingKeysPage, OrderKeys } from '../../../contract/stock.ts';
import type { DetectionBody, WatchState } from '../../../contract/watches.ts';
import { api } from '../../lib/api.ts';
import { ordersRootKey, walletRootKey } from '../../lib/orders.ts';
import { pagedQuery } from '../../lib/queries.ts';
import { meKey } from '../../lib/session.ts';

export type StatusFilter = 'all' | 'active' | 'sold';
export type TypeFilter = 'all' | 'cheat' | 'account' | 'item';
export interface ListingFilters {
  status: StatusFilter;
  type: TypeFilter;
  sort: ListingSort;
  q: string;
}

export const listingKeys = {
  all: ['listings'] as const,
  list: (f: ListingFilters) => ['listings', 'list', f] as const,
  admin: (f: ListingFilters) => ['listings', 'admin', f] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
};

export type OrderRole = NonNullable<OrderListQuery['role']>;
export type AdminOrderStatus = NonNullable<AdminOrderListQuery['status']>;

export const orderKeys = {
  all: ordersRootKey,
  mine: (role: OrderRole) => [...ordersRootKey, 'mine', role] as const,
  admin: (status: AdminOrderStatus) => [...ordersRootKey, 'admin', status] as const,
  detail: (id: string) => [...ordersRootKey, 'detail', id] as const,
};

/** What the marketplace shows first (also started by its route loader, web/app/route-data.ts). */
export const defaultListingFilters: ListingFilters = { status: 'active', type: 'all', sort: 'newest', q: '' };

export function listingsQuery(f: ListingFilters) {
  return { ...pagedQuery<ListingPage>(listingKeys.list(f), '/listings', { ...f }), meta: { public: true } };
}

export function useListings(f: ListingFilters) {
  return useInfiniteQuery(listingsQuery(f));
}

export function useAdminListings(f: ListingFilters) {
  return useInfiniteQuery(pagedQuery<ListingPage>(listingKeys.admin(f), '/admin/listings', { ...f }));
}

/** The detail depends on who asks (content link), so it is refetched when members sign in or out. */
export function listingQuery(id: string) {
  return queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => api<ListingDetail>(`/listings/${id}`, { signal }),
  });
}

export function useListing(id: string) {
  return useQuery(listingQuery(id));
}

export function useOrders(role: OrderRole) {
  return useInfiniteQuery(pagedQuery<OrderPage>(orderKeys.mine(role), '/orders', { role }));
}

export function useAdminOrders(status: AdminOrderStatus) {
  return useInfiniteQuery(pagedQuery<OrderPage>(orderKeys.admin(status), '/admin/orders', { status }));
}

/** One order with its content link; fetched only when asked for (each fetch by the buyer is logged). */
export function useOrderDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api<OrderDetail>(`/orders/${id}`, { signal }),
    enabled,
  });
}

/** After money moved: listings (sold state, order), orders, the wallet, the profile balances, tickets. */
async function refreshAfterOrderChange(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: listingKeys.all }),
    queryClient.invalidateQueries({ queryKey: ordersRootKey }),
    queryClient.invalidateQueries({ queryKey: walletRootKey }),
    queryClient.invalidateQueries({ queryKey: meKey }),
  ]);
}

function useOrderMutation<V>(fn: (vars: V) => Promise<OrderDetail>, alsoTickets = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      await refreshAfterOrderChange(queryClient);
      if (alsoTickets) await queryClient.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
}

export function useConfirmDelivery() {
  return useOrderMutation((id: string) => api<OrderDetail>(`/orders/${id}/confirm`, { method: 'POST' }));
}

/** Staff settle a held order whose seller is banned (no dispute, so no ticket to close). */
export function useSettleHeldOrder() {
  return useOrderMutation(({ id, body }: { id: string; body: SettleBody }) =>
    api<OrderDetail>(`/admin/orders/${id}/settle`, { method: 'POST', body }),
  );
}

export function useOpenDispute() {
  return useOrderMutation(
    ({ id, body }: { id: string; body: DisputeBody }) =>
      api<OrderDetail>(`/orders/${id}/dispute`, { method: 'POST', body }),
    true,
  );
}

/**
 * Listing writes refresh every list and detail; purchases also the wallet, the balances (me) and orders.
 * A refused purchase (price changed, sold, suspended) means the listing on screen is stale: refetch it.
 */
function useListingMutation<V, R>(fn: (vars: V) => Promise<R>, movesMoney = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      if (movesMoney) await refreshAfterOrderChange(queryClient);
      else await queryClient.invalidateQueries({ queryKey: listingKeys.all });
    },
    onError: () => {
      if (movesMoney) void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    },
  });
}

export function useCreateListing() {
  return useListingMutation((body: ListingCreateBody) =>
    api<ListingDetail>('/listings', { method: 'POST', body }),
  );
}

export function useUpdateListing() {
  return useListingMutation(({ id, body }: { id: string; body: ListingEditBody }) =>
    api<ListingDetail>(`/listings/${id}`, { method: 'PATCH', body }),
  );
}

export function useDeleteListing() {
  return useListingMutation((id: string) => api<undefined>(`/listings/${id}`, { method: 'DELETE' }));
}

/**
 * One key per click: a retried request (double click, flaky network) can never buy twice. The price sent is
 * the one on screen: if the seller changed it meanwhile the server refuses (409) and the listing is
 * refetched, so the new price is what the buyer sees next to the message.
 */
export function usePurchaseListing() {
  return useListingMutation(
    ({ id, key, expectedPrice, units }: { id: string; key: string; expectedPrice: number; units: number }) =>
      api<OrderDetail>(`/listings/${id}/purchase`, {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: { expectedPrice, units } satisfies PurchaseBody,
      }),
    true,
  );
}

/* License keys (issue 18): the buyer's own, and the seller's counts, uploads and withdrawals. */

export const keyQueryKeys = {
  order: (orderId: string) => [...ordersRootKey, 'keys', orderId] as const,
  listing: (listingId: string) => ['listings', 'keys', listingId] as const,
};

/** The buyer's keys of one order. */
export function useOrderKeys(orderId: string, enabled = true) {
  return useQuery({
    queryKey: keyQueryKeys.order(orderId),
    queryFn: ({ signal }) => api<OrderKeys>(`/orders/${orderId}/keys`, { signal }),
    enabled,
  });
}

/** The seller's view of a key listing: counts and who holds each claimed key (first page). */
export function useListingKeys(listingId: string, enabled = true) {
  return useQuery({
    queryKey: keyQueryKeys.listing(listingId),
    queryFn: ({ signal }) => api<ListingKeysPage>(`/listings/${listingId}/keys`, { signal }),
    enabled,
  });
}

export function useUploadKeys() {
  return useListingMutation(({ id, keys }: { id: string; keys: string }) =>
    api<KeysChanged>(`/listings/${id}/keys`, { method: 'POST', body: { keys } satisfies KeysUploadBody }),
  );
}

export function useWithdrawKeys() {
  return useListingMutation((id: string) => api<KeysChanged>(`/listings/${id}/keys`, { method: 'DELETE' }));
}

export function useLeaveFeedback() {
  return useListingMutation(({ id, body }: { id: string; body: FeedbackBody }) =>
    api<FeedbackResult>(`/listings/${id}/feedback`, { method: 'POST', body }),
  );
}

export function usePinListing() {
  return useListingMutation(({ id, isPinned }: { id: string; isPinned: boolean }) =>
    api<ListingDetail>(`/admin/listings/${id}/pin`, { method: 'PUT', body: { isPinned } }),
  );
}

export function useAdminDeleteListing() {
  return useListingMutation((id: string) => api<undefined>(`/admin/listings/${id}`, { method: 'DELETE' }));
}

/** Watch or stop watching a cheat listing (detection alerts). */
export function useWatchListing(id: string) {
  return useListingMutation((watch: boolean) =>
    api<WatchState>(`/listings/${id}/watch`, { method: watch ? 'PUT' : 'DELETE' }),
  );
}

/** The seller (or staff) sets a cheat listing's detection status; watchers are alerted. */
export function useSetDetection() {
  return useListingMutation(({ id, body }: { id: string; body: DetectionBody }) =>
    api<ListingDetail>(`/listings/${id}/detection`, { method: 'PUT', body }),
  );
}
