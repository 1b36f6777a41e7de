import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { withdrawalMessages as m } from '../../../contract/messages.ts';
import {
  adminWithdrawal,
  adminWithdrawalPage,
  adminWithdrawalQuery,
  approveWithdrawalBody,
  createWithdrawalBody,
  payoutDestinations,
  rejectWithdrawalBody,
  setPayoutDestinationBody,
  type WithdrawalMethod,
  withdrawal,
  withdrawalIdParams,
  withdrawalOptions,
  withdrawalPage,
  withdrawalQuery,
} from '../../../contract/withdrawals.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as decisions from './decisions.ts';
import type { PayoutSender } from './payout-sender.ts';
import * as service from './service.ts';

export interface WithdrawalRoutesOptions {
  db: Db;
  authSecret: string;
  /** The methods this site pays out by ('manual' always; 'btcpay' with its sender). */
  availableMethods: WithdrawalMethod[];
  sender?: PayoutSender;
}

export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (app, opts) => {
  const deps: service.WithdrawalDeps = {
    db: opts.db,
    authSecret: opts.authSecret,
    methods: opts.availableMethods,
    sender: opts.sender,
    alerts: app.securityAlerts,
    log: app.log,
  };
  const { db } = deps;
  const route = routesFor(app, { tags: ['wallet', 'withdrawals'], access: 'member' });
  const staff = routesFor(app, {
    tags: ['admin', 'withdrawals'],
    access: 'admin',
    forbidden: m.onlyAdmins,
  });
  const onWithdrawal = routesFor(app, {
    tags: ['admin', 'withdrawals'],
    access: 'admin',
    forbidden: m.onlyAdmins,
    params: withdrawalIdParams,
  });

  route.get(
    '/wallet/withdrawal-options',
    {
      summary:
        'The payout methods, minimum, fee, reserve and rate of withdrawals, and whether I can withdraw',
      response: { 200: withdrawalOptions },
    },
    async (request) => service.withdrawalOptions(deps, signedIn(request)),
  );

  route.get(
    '/wallet/payout-addresses',
    {
      summary: 'My payout addresses, each with when it becomes usable',
      response: { 200: payoutDestinations },
    },
    async (request) => service.listDestinations(db, signedIn(request)),
  );

  route.put(
    '/wallet/payout-addresses',
    {
      limit: 'payoutAddressPerUser',
      summary: 'Set the payout address of a method (two-factor code needed; usable 24 hours later; mailed)',
      body: setPayoutDestinationBody,
      response: { 200: payoutDestinations, 403: errorResponse, 409: errorResponse },
    },
    async (request) =>
      service.setDestination(deps, signedIn(request), request.body, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  );

  route.post(
    '/wallet/withdrawals',
    {
      limit: 'withdrawalPerUser',
      summary: 'Ask to withdraw earned credits past the reserve (two-factor code needed; one open request)',
      body: createWithdrawalBody,
      response: { 201: withdrawal, 403: errorResponse, 409: errorResponse },
      success: 201,
    },
    async (request) => service.createWithdrawal(deps, signedIn(request), request.body),
  );

  route.get(
    '/wallet/withdrawals',
    {
      summary: 'My withdrawals, newest first, by status',
      querystring: withdrawalQuery,
      response: { 200: withdrawalPage },
    },
    async (request) => service.listMine(db, signedIn(request), request.query),
  );

  route.get(
    '/wallet/withdrawals/export.csv',
    {
      limit: 'walletExportPerUser',
      summary: 'Every withdrawal of mine as CSV (text/csv; cells that could run as formulas are escaped)',
      response: { 200: z.string().describe('text/csv') },
    },
    async (request, reply) =>
      sendCsv(reply, 'withdrawals.csv', await service.withdrawalsCsv(db, signedIn(request))),
  );

  staff.get(
    '/admin/withdrawals',
    {
      summary:
        'Withdrawals for admins, newest first: Pending (default) or another status, with the seller record',
      querystring: adminWithdrawalQuery,
      response: { 200: adminWithdrawalPage },
    },
    async (request) => decisions.listForStaff(db, signedIn(request), request.query),
  );

  onWithdrawal.post(
    '/admin/withdrawals/:id/approve',
    {
      summary:
        'Approve a pending withdrawal: a manual payout with its reference, or a BTCPay payout (admins)',
      body: approveWithdrawalBody,
      response: { 200: adminWithdrawal, 409: errorResponse },
    },
    async (request) => decisions.approveWithdrawal(deps, signedIn(request), request.params.id, request.body),
  );

  onWithdrawal.post(
    '/admin/withdrawals/:id/reject',
    {
      summary: 'Reject a pending withdrawal with a reason; its credits go back to the member (admins)',
      body: rejectWithdrawalBody,
      response: { 200: adminWithdrawal, 409: errorResponse },
    },
    async (request) => decisions.rejectWithdrawal(deps, signedIn(request), request.params.id, request.body),
  );
};
