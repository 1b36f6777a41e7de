import {
  type SalesSummary,
  type SellerListing,
  type SellerListingPage,
  salesDays,
  sellerListingPageSize,
} from '../../../contract/stock.ts';
import type { Db } from '../../db/client.ts';
import { rowTimeKey, type TimeKey, timeKey } from '../../db/cursor.ts';
import { csvInBatches } from '../../plugins/csv.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import * as q from './queries.ts';

/* The seller dashboard (issue 18): my listings with their figures, 30 days of sales, and a CSV of my sales. */

export async function listMyListings(
  db: Db,
  viewer: Viewer,
  query: { cursor?: string },
): Promise<SellerListingPage> {
  const after = q.sellerListingKeyset.decode(query.cursor);
  const found = await q.listSellerListings(db, viewer.id, after, sellerListingPageSize);
  return q.sellerListingKeyset.page(found, sellerListingPageSize, rowTimeKey, (r): SellerListing => {
    const l = r.row;
    const keys = r.keys ?? {};
    return {
      id: l.id,
      title: l.title,
      status: l.status,
      deliveryKind: l.deliveryKind,
      price: l.price,
      stock: l.stock,
      lowStockThreshold: l.lowStockThreshold,
      unitsSold: Number(r.sales.units),
      revenue: Number(r.sales.revenue),
      openDisputes: Number(r.sales.disputes),
      keys:
        l.deliveryKind === 'keys'
          ? {
              available: Number(keys.available ?? 0),
              reserved: Number(keys.reserved ?? 0),
              sold: Number(keys.sold ?? 0),
              burned: Number(keys.burned ?? 0),
              withdrawn: Number(keys.withdrawn ?? 0),
            }
          : null,
      createdAt: l.createdAt.toISOString(),
    };
  });
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The last 30 UTC days, oldest first, every day present (a day without sales is zero). */
export async function salesSummary(db: Db, viewer: Viewer, now = new Date()): Promise<SalesSummary> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (salesDays - 1) * 86_400_000);
  const found = await q.salesByDay(db, viewer.id, since);
  const byDay = new Map(found.days.map((d) => [d.date, d]));
  const days = Array.from({ length: salesDays }, (_, i) => {
    const date = dayKey(new Date(since.getTime() + i * 86_400_000));
    const d = byDay.get(date);
    return { date, units: Number(d?.units ?? 0), revenue: Number(d?.revenue ?? 0) };
  });
  return {
    days,
    units: days.reduce((sum, d) => sum + d.units, 0),
    revenue: days.reduce((sum, d) => sum + d.revenue, 0),
    openDisputes: found.openDisputes,
  };
}

const csvHeader = [
  'date',
  'order',
  'listing',
  'buyer',
  'units',
  'price',
  'fee',
  'status',
  'payout',
  'refunded',
];

/** Every sale of mine as CSV, newest first, read in batches so no statement grows with the seller. */
export function salesCsv(db: Db, viewer: Viewer, batch = 1000): Promise<string> {
  return csvInBatches(
    csvHeader,
    batch,
    (after: TimeKey | undefined) => q.salesBatch(db, viewer.id, after, batch),
    timeKey,
    (r) => [
      r.createdAt.toISOString(),
      r.id,
      r.listingTitle,
      r.buyer ?? '',
      r.units,
      Number(r.price),
      Number(r.fee),
      r.status,
      Number(r.sellerPayout),
      Number(r.refundedAmount),
    ],
  );
}
