import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withdrawalMessages as m } from '../../../contract/messages.ts';
import { withdrawalRoutes as r } from '../../../contract/routes/withdrawals.ts';
import type { WithdrawalMethod } from '../../../contract/withdrawals.ts';
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
  const route = routesFor(app, { tags: ['wallet', 'withdrawals'] });

  route.on(r.options, {}, async (request) => service.withdrawalOptions(deps, signedIn(request)));

  route.on(r.payoutAddresses, {}, async (request) => service.listDestinations(db, signedIn(request)));

  route.on(r.setPayoutAddress, { limit: 'payoutAddressPerUser' }, async (request) =>
    service.setDestination(deps, signedIn(request), request.body, {
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    }),
  );

  route.on(r.create, { limit: 'withdrawalPerUser' }, async (request) =>
    service.createWithdrawal(deps, signedIn(request), request.body),
  );

  route.on(r.mine, {}, async (request) => service.listMine(db, signedIn(request), request.query));

  route.on(r.mineCsv, { limit: 'walletExportPerUser' }, async (request, reply) =>
    sendCsv(reply, 'withdrawals.csv', await service.withdrawalsCsv(db, signedIn(request))),
  );

  route.on(r.adminList, { forbidden: m.onlyAdmins }, async (request) =>
    decisions.listForStaff(db, signedIn(request), request.query),
  );

  route.on(r.approve, { forbidden: m.onlyAdmins }, async (request) =>
    decisions.approveWithdrawal(deps, signedIn(request), request.params.id, request.body),
  );

  route.on(r.reject, { forbidden: m.onlyAdmins }, async (request) =>
    decisions.rejectWithdrawal(deps, signedIn(request), request.params.id, request.body),
  );
};
