import { z } from 'zod';
import { keysText, lowStockThresholdField, stockField } from './marketplace.ts';
import { pageOf } from './pages.ts';
import { person } from './people.ts';

export const keysUploadBody = z.object({ keys: keysText });

/** A link listing's stock and, for either kind, the low-stock warning (omitted: unchanged). */
export const stockBody = z.object({
  stock: stockField.optional(),
  lowStockThreshold: lowStockThresholdField.optional(),
});
export type StockBody = z.input<typeof stockBody>;
export const stockState = z.object({
  stock: z.number().int(),
  lowStockThreshold: z.number().int().nullable(),
});

export const keyCounts = z.object({
  available: z.number().int(),
  reserved: z.number().int(),
  sold: z.number().int(),
  burned: z.number().int(),
  withdrawn: z.number().int(),
});

/** A claimed key as its seller sees it: who has it, never the key itself. */
export const claimedKey = z.object({
  id: z.string(),
  state: z.enum(['reserved', 'sold', 'burned']),
  orderId: z.string().nullable(),
  buyer: person.nullable(),
  claimedAt: z.string(),
});
export type ClaimedKey = z.infer<typeof claimedKey>;

export const listingKeysPage = z.object({
  counts: keyCounts,
  stock: z.number().int(),
  lowStockThreshold: z.number().int().nullable(),
  items: z.array(claimedKey),
  nextCursor: z.string().nullable(),
});
export type ListingKeysPage = z.infer<typeof listingKeysPage>;
export const claimedKeysPageSize = 50;

export const keysChanged = z.object({
  changed: z.number().int(),
  counts: keyCounts,
  stock: z.number().int(),
});
export type KeysChanged = z.infer<typeof keysChanged>;

/** The buyer's own keys of one order. */
export const orderKeys = z.object({ keys: z.array(z.object({ id: z.string(), key: z.string() })) });
export type OrderKeys = z.infer<typeof orderKeys>;

/* Seller dashboard */

export const sellerListing = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['active', 'sold', 'suspended']),
  deliveryKind: z.enum(['link', 'keys']),
  price: z.number().int(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int().nullable(),
  unitsSold: z.number().int(),
  /** Credits earned after fees: released payouts plus what waits in escrow (refunds count nothing). */
  revenue: z.number().int(),
  openDisputes: z.number().int(),
  keys: keyCounts.nullable(),
  createdAt: z.string(),
});
export type SellerListing = z.infer<typeof sellerListing>;
export const sellerListingPage = pageOf(sellerListing);
export type SellerListingPage = z.infer<typeof sellerListingPage>;
export const sellerListingPageSize = 24;

export const salesDay = z.object({ date: z.string(), units: z.number().int(), revenue: z.number().int() });
export const salesSummary = z.object({
  /** The last 30 days (UTC), oldest first, every day present. */
  days: z.array(salesDay),
  units: z.number().int(),
  revenue: z.number().int(),
  openDisputes: z.number().int(),
});
export type SalesSummary = z.infer<typeof salesSummary>;
export const salesDays = 30;
