import { errorResponse } from '../errors.ts';
import { convertBody, ledgerExportQuery, ledgerPage, ledgerQuery, walletSummary } from '../orders.ts';
import { csvText, type RouteGroup } from './route.ts';

/** The member's wallet: balances, history (also as CSV), moving main balance into credits. */
export const walletRoutes = {
  summary: {
    method: 'GET',
    path: '/wallet',
    access: 'member',
    summary: 'My main balance, marketplace credits and the credits in escrow either way',
    response: { 200: walletSummary, 409: errorResponse, 429: errorResponse },
  },
  ledger: {
    method: 'GET',
    path: '/wallet/ledger',
    access: 'member',
    summary: 'My wallet history (newest first), each row with the balance after it',
    query: ledgerQuery,
    response: { 200: ledgerPage, 409: errorResponse, 429: errorResponse },
  },
  ledgerCsv: {
    method: 'GET',
    path: '/wallet/ledger/export.csv',
    access: 'member',
    summary: 'My whole wallet history as CSV, newest first (cells that could run as formulas are escaped)',
    query: ledgerExportQuery,
    response: { 200: csvText },
  },
  convert: {
    method: 'POST',
    path: '/wallet/convert',
    access: 'member',
    summary: 'Move main balance into marketplace credits, 1:1',
    body: convertBody,
    response: { 200: walletSummary, 409: errorResponse },
  },
} as const satisfies RouteGroup;
