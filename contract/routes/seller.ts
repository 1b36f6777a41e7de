import { errorResponse } from '../errors.ts';
import { cursorQuery } from '../pages.ts';
import { salesSummary, sellerListingPage } from '../stock.ts';
import { csvText, type RouteGroup } from './route.ts';

/** A seller's dashboard: my listings with their figures, my sales, and the sales export. */
export const sellerRoutes = {
  listings: {
    method: 'GET',
    path: '/seller/listings',
    access: 'member',
    summary: 'My listings with stock, units sold, revenue after fees, open disputes and key counts',
    query: cursorQuery,
    response: { 200: sellerListingPage, 429: errorResponse },
  },
  sales: {
    method: 'GET',
    path: '/seller/sales',
    access: 'member',
    summary: 'My sales of the last 30 days (UTC), per day, with totals and open disputes',
    response: { 200: salesSummary, 429: errorResponse },
  },
  /** A download (the page links to it), not a call of the client. */
  salesCsv: {
    method: 'GET',
    path: '/seller/sales.csv',
    access: 'member',
    summary: 'Every sale of mine as CSV (text/csv; cells that could run as formulas are escaped)',
    response: { 200: csvText },
  },
} as const satisfies RouteGroup;
