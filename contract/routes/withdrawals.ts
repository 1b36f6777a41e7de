import { errorResponse } from '../errors.ts';
import {
  adminWithdrawal,
  adminWithdrawalPage,
  adminWithdrawalQuery,
  approveWithdrawalBody,
  createWithdrawalBody,
  payoutDestinations,
  rejectWithdrawalBody,
  setPayoutDestinationBody,
  withdrawal,
  withdrawalIdParams,
  withdrawalOptions,
  withdrawalPage,
  withdrawalQuery,
} from '../withdrawals.ts';
import { csvText, type RouteGroup } from './route.ts';

const adminTags = ['admin', 'withdrawals'] as const;

/** Withdrawals: a member's payout addresses and requests, and admins' queue of them. */
export const withdrawalRoutes = {
  options: {
    method: 'GET',
    path: '/wallet/withdrawal-options',
    access: 'member',
    summary: 'The payout methods, minimum, fee, reserve and rate of withdrawals, and whether I can withdraw',
    response: { 200: withdrawalOptions },
  },
  payoutAddresses: {
    method: 'GET',
    path: '/wallet/payout-addresses',
    access: 'member',
    summary: 'My payout addresses, each with when it becomes usable',
    response: { 200: payoutDestinations },
  },
  setPayoutAddress: {
    method: 'PUT',
    path: '/wallet/payout-addresses',
    access: 'member',
    summary: 'Set the payout address of a method (two-factor code needed; usable 24 hours later; mailed)',
    body: setPayoutDestinationBody,
    response: { 200: payoutDestinations, 403: errorResponse, 409: errorResponse },
  },
  create: {
    method: 'POST',
    path: '/wallet/withdrawals',
    access: 'member',
    summary: 'Ask to withdraw earned credits past the reserve (two-factor code needed; one open request)',
    body: createWithdrawalBody,
    response: { 201: withdrawal, 403: errorResponse, 409: errorResponse },
    success: 201,
  },
  mine: {
    method: 'GET',
    path: '/wallet/withdrawals',
    access: 'member',
    summary: 'My withdrawals, newest first, by status',
    query: withdrawalQuery,
    response: { 200: withdrawalPage },
  },
  mineCsv: {
    method: 'GET',
    path: '/wallet/withdrawals/export.csv',
    access: 'member',
    summary: 'Every withdrawal of mine as CSV (text/csv; cells that could run as formulas are escaped)',
    response: { 200: csvText },
  },
  adminList: {
    method: 'GET',
    path: '/admin/withdrawals',
    access: 'admin',
    tags: adminTags,
    summary:
      'Withdrawals for admins, newest first: Pending (default) or another status, with the seller record',
    query: adminWithdrawalQuery,
    response: { 200: adminWithdrawalPage },
  },
  approve: {
    method: 'POST',
    path: '/admin/withdrawals/:id/approve',
    access: 'admin',
    tags: adminTags,
    summary: 'Approve a pending withdrawal: a manual payout with its reference, or a BTCPay payout (admins)',
    params: withdrawalIdParams,
    body: approveWithdrawalBody,
    response: { 200: adminWithdrawal, 409: errorResponse },
  },
  reject: {
    method: 'POST',
    path: '/admin/withdrawals/:id/reject',
    access: 'admin',
    tags: adminTags,
    summary: 'Reject a pending withdrawal with a reason; its credits go back to the member (admins)',
    params: withdrawalIdParams,
    body: rejectWithdrawalBody,
    response: { 200: adminWithdrawal, 409: errorResponse },
  },
} as const satisfies RouteGroup;
