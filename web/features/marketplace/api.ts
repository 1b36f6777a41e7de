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
import { listingsRoutes } from '../../lib/api-routes/listings.gen.ts';
import { ordersRoutes } from '../../lib/api-routes/orders.gen.ts';
import { stockRoutes } from '../../lib/api-routes/stock.gen.ts';
import { watchesRoutes } from '../../lib/api-routes/watches.gen.ts';
import { pagedQuery, usePagedQuery } from '../../lib/queries.ts';
import { listingsRootKey, ordersRootKey, ticketsRootKey, walletRootKey } from '../../lib/query-roots.ts';
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
    (cursor, signal) => listingsRoutes.list({ ...f, cursor }, { signal }),
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
    listingsRoutes.adminList({ ...f, cursor }, { signal }),
  );
}

/** The detail depends on who asks (content link), so it is refetched when members sign in or out. */
export function listingQuery(id: string) {
  return queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => listingsRoutes.get({ id }, { signal }),
  });
}

export function useListing(id: string) {
  return useQuery(listingQuery(id));
}

export function useOrders(role: OrderRole) {
  return usePagedQuery(orderKeys.mine(role), (cursor, signal) =>
    ordersRoutes.list({ role, cursor }, { signal }),
  );
}

export function useAdminOrders(status: AdminOrderStatus) {
  return usePagedQuery(orderKeys.admin(status), (cursor, signal) =>
    ordersRoutes.adminList({ status, cursor }, { signal }),
  );
}

/** One order with its content link; fetched only when asked for (each fetch by the buyer is logged). */
export function useOrderDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersRoutes.get({ id }, { signal }),
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
  return useOrderMutation((id: string) => ordersRoutes.confirm({ id }));
}

/** Staff settle a held order whose seller is banned (no dispute, so no ticket to close). */
export function useSettleHeldOrder() {
  return useOrderMutation(({ id, body }: { id: string; body: SettleBody }) =>
    ordersRoutes.settle({ id }, body),
  );
}

export function useOpenDispute() {
  return useOrderMutation(
    ({ id, body }: { id: string; body: DisputeBody }) => ordersRoutes.dispute({ id }, body),
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
  return useListingMutation((body: ListingCreateBody) => listingsRoutes.create(body));
}

export function useUpdateListing() {
  return useListingMutation(({ id, body }: { id: string; body: ListingEditBody }) =>
    listingsRoutes.edit({ id }, body),
  );
}

export function useDeleteListing() {
  return useListingMutation((id: string) => listingsRoutes.remove({ id }));
}

/**
 * One key per click: a retried request (double click, flaky network) can never buy twice. The price sent is
 * the one on screen: if the seller changed it meanwhile the server refuses (409) and the listing is
 * refetched, so the new price is what the buyer sees next to the message.
 */
export function usePurchaseListing() {
  return useListingMutation(
    ({ id, key, expectedPrice, units }: { id: string; key: string; expectedPrice: number; units: number }) =>
      listingsRoutes.purchase({ id }, { expectedPrice, units }, { headers: { 'Idempotency-Key': key } }),
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
    queryFn: ({ signal }) => stockRoutes.orderKeys({ id: orderId }, { signal }),
    enabled,
  });
}

/** The seller's view of a key listing: counts and who holds each claimed key (first page). */
export function useListingKeys(listingId: string, enabled = true) {
  return useQuery({
    queryKey: keyQueryKeys.listing(listingId),
    queryFn: ({ signal }) => stockRoutes.listingKeys({ id: listingId }, {}, { signal }),
    enabled,
  });
}

export function useUploadKeys() {
  return useListingMutation(({ id, keys }: { id: string; keys: string }) =>
    stockRoutes.uploadKeys({ id }, { keys }),
  );
}

export function useWithdrawKeys() {
  return useListingMutation((id: string) => stockRoutes.withdrawKeys({ id }));
}

export function useLeaveFeedback() {
  return useListingMutation(({ id, body }: { id: string; body: FeedbackBody }) =>
    listingsRoutes.leaveFeedback({ id }, body),
  );
}

export function usePinListing() {
  return useListingMutation(({ id, isPinned }: { id: string; isPinned: boolean }) =>
    listingsRoutes.pin({ id }, { isPinned }),
  );
}

export function useAdminDeleteListing() {
  return useListingMutation((id: string) => listingsRoutes.adminRemove({ id }));
}

/** Watch or stop watching a cheat listing (detection alerts). */
export function useWatchListing(id: string) {
  return useListingMutation((watch: boolean) =>
    (watch ? watchesRoutes.watchListing : watchesRoutes.unwatchListing)({ id }),
  );
}

/** The seller (or staff) sets a cheat listing's detection status; watchers are alerted. */
export function useSetDetection() {
  return useListingMutation(({ id, body }: { id: string; body: DetectionBody }) =>
    watchesRoutes.setDetection({ id }, body),
  );
}
