import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketMessages as m } from '../../../contract/messages.ts';
import { ticketRoutes as r } from '../../../contract/routes/tickets.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/tickets.ts: their handlers and what only the server knows (limits, texts). */
export const ticketRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['tickets'] });

  route.on(r.mine, {}, async (request) => service.listMyTickets(db, signedIn(request), request.query));

  route.on(r.create, { unauthenticated: m.loginToCreate, limit: 'ticketCreatePerUser' }, async (request) =>
    service.createTicket(db, signedIn(request), request.body),
  );

  route.on(r.get, { owner: 'ticket' }, async (request) =>
    service.getTicket(db, signedIn(request), request.params.id),
  );

  route.on(r.reply, { owner: 'ticket', limit: 'ticketReplyPerUser' }, async (request) =>
    service.replyToTicket(db, signedIn(request), request.params.id, request.body.message),
  );

  route.on(r.setStatus, { forbidden: m.onlyStaffStatus }, async (request) =>
    service.setTicketStatus(db, signedIn(request), request.params.id, request.body.status),
  );

  route.on(r.adminList, {}, async (request) =>
    service.listTicketsForStaff(db, signedIn(request), request.query),
  );
};
