import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FeedbackBody,
  ListingCreateBody,
  ListingEditBody,
  ListingSort,
} from '../../../contract/marketplace.ts';
import type {
  AdminOrderListQuery,
  DisputeBody,
  OrderDetail,
  OrderListQuery,
  SettleBody,
} from '../../../contract/orders.ts';
import type { DetectionBody } from '../../../contract/watches.ts';
import * as api from '../../lib/api-routes.gen.ts';
import { ordersRootKey, walletRootKey } from '../../lib/orders.ts';
import { pagedQuery, usePagedQuery } from '../../lib/queries.ts';
import { listingsRootKey, ticketsRootKey } from '../../lib/query-roots.ts';
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
  all: listingsRootKey,
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
  return pagedQuery(
    listingKeys.list(f),
    (cursor, signal) => api.listings.list({ ...f, cursor }, { signal }),
    {
      meta: { public: true },
    },
  );
}

export function useListings(f: ListingFilters) {
  return useInfiniteQuery(listingsQuery(f));
}

export function useAdminListings(f: ListingFilters) {
  return usePagedQuery(listingKeys.admin(f), (cursor, signal) =>
    api.listings.adminList({ ...f, cursor }, { signal }),
  );
}

/** The detail depends on who asks (content link), so it is refetched when members sign in or out. */
export function listingQuery(id: string) {
  return queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => api.listings.get({ id }, { signal }),
  });
}

export function useListing(id: string) {
  return useQuery(listingQuery(id));
}

export function useOrders(role: OrderRole) {
  return usePagedQuery(orderKeys.mine(role), (cursor, signal) =>
    api.orders.list({ role, cursor }, { signal }),
  );
}

export function useAdminOrders(status: AdminOrderStatus) {
  return usePagedQuery(orderKeys.admin(status), (cursor, signal) =>
    api.orders.adminList({ status, cursor }, { signal }),
  );
}

/** One order with its content link; fetched only when asked for (each fetch by the buyer is logged). */
export function useOrderDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.orders.get({ id }, { signal }),
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
      if (alsoTickets) await queryClient.invalidateQueries({ queryKey: ticketsRootKey });
    },
  });
}

export function useConfirmDelivery() {
  return useOrderMutation((id: string) => api.orders.confirm({ id }));
}

/** Staff settle a held order whose seller is banned (no dispute, so no ticket to close). */
export function useSettleHeldOrder() {
  return useOrderMutation(({ id, body }: { id: string; body: SettleBody }) =>
    api.orders.settle({ id }, body),
  );
}

export function useOpenDispute() {
  return useOrderMutation(
    ({ id, body }: { id: string; body: DisputeBody }) => api.orders.dispute({ id }, body),
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
  return useListingMutation((body: ListingCreateBody) => api.listings.create(body));
}

export function useUpdateListing() {
  return useListingMutation(({ id, body }: { id: string; body: ListingEditBody }) =>
    api.listings.edit({ id }, body),
  );
}

export function useDeleteListing() {
  return useListingMutation((id: string) => api.listings.remove({ id }));
}

/**
 * One key per click: a retried request (double click, flaky network) can never buy twice. The price sent is
 * the one on screen: if the seller changed it meanwhile the server refuses (409) and the listing is
 * refetched, so the new price is what the buyer sees next to the message.
 */
export function usePurchaseListing() {
  return useListingMutation(
    ({ id, key, expectedPrice, units }: { id: string; key: string; expectedPrice: number; units: number }) =>
      api.listings.purchase({ id }, { expectedPrice, units }, { headers: { 'Idempotency-Key': key } }),
    true,
  );
}

/* License keys (issue 18): the buyer's own, and the seller's counts, uploads and withdrawals. */

export const keyQueryKeys = {
  order: (orderId: string) => [...ordersRootKey, 'keys', orderId] as const,
  listing: (listingId: string) => [...listingsRootKey, 'keys', listingId] as const,
};

/** The buyer's keys of one order. */
export function useOrderKeys(orderId: string, enabled = true) {
  return useQuery({
    queryKey: keyQueryKeys.order(orderId),
    queryFn: ({ signal }) => api.stock.orderKeys({ id: orderId }, { signal }),
    enabled,
  });
}

/** The seller's view of a key listing: counts and who holds each claimed key (first page). */
export function useListingKeys(listingId: string, enabled = true) {
  return useQuery({
    queryKey: keyQueryKeys.listing(listingId),
    queryFn: ({ signal }) => api.stock.listingKeys({ id: listingId }, {}, { signal }),
    enabled,
  });
}

export function useUploadKeys() {
  return useListingMutation(({ id, keys }: { id: string; keys: string }) =>
    api.stock.uploadKeys({ id }, { keys }),
  );
}

export function useWithdrawKeys() {
  return useListingMutation((id: string) => api.stock.withdrawKeys({ id }));
}

export function useLeaveFeedback() {
  return useListingMutation(({ id, body }: { id: string; body: FeedbackBody }) =>
    api.listings.leaveFeedback({ id }, body),
  );
}

export function usePinListing() {
  return useListingMutation(({ id, isPinned }: { id: string; isPinned: boolean }) =>
    api.listings.pin({ id }, { isPinned }),
  );
}

export function useAdminDeleteListing() {
  return useListingMutation((id: string) => api.listings.adminRemove({ id }));
}

/** Watch or stop watching a cheat listing (detection alerts). */
export function useWatchListing(id: string) {
  return useListingMutation((watch: boolean) =>
    (watch ? api.watches.watchListing : api.watches.unwatchListing)({ id }),
  );
}

/** The seller (or staff) sets a cheat listing's detection status; watchers are alerted. */
export function useSetDetection() {
  return useListingMutation(({ id, body }: { id: string; body: DetectionBody }) =>
    api.watches.setDetection({ id }, body),
  );
}
