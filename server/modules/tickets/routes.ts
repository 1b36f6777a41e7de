import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { ticketMessages as m } from '../../../contract/messages.ts';
import {
  adminTicketsQuery,
  myTicketsQuery,
  newTicketBody,
  ticketDetail,
  ticketIdParams,
  ticketPage,
  ticketReplyBody,
  ticketStatusBody,
} from '../../../contract/tickets.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

export const ticketRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['tickets'], access: 'member' });
  const onTicket = routesFor(app, { tags: ['tickets'], access: 'member', params: ticketIdParams });

  route.get(
    '/tickets',
    {
      summary: "The signed-in member's tickets, latest activity first",
      querystring: myTicketsQuery,
      response: { 200: ticketPage, 403: errorResponse, 404: errorResponse },
    },
    async (request) => service.listMyTickets(db, signedIn(request), request.query),
  );

  route.post(
    '/tickets',
    {
      unauthenticated: m.loginToCreate,
      limit: 'ticketCreatePerUser',
      summary: 'Open a ticket with its first message',
      body: newTicketBody,
      response: { 201: ticketDetail, 403: errorResponse, 404: errorResponse },
      success: 201,
    },
    async (request) => service.createTicket(db, signedIn(request), request.body),
  );

  onTicket.get(
    '/tickets/:id',
    {
      owner: 'ticket',
      summary: 'One ticket with its conversation (owner or staff)',
      response: { 200: ticketDetail },
    },
    async (request) => service.getTicket(db, signedIn(request), request.params.id),
  );

  onTicket.post(
    '/tickets/:id/messages',
    {
      owner: 'ticket',
      limit: 'ticketReplyPerUser',
      summary: 'Reply on a ticket (owner or staff); closed tickets refuse replies',
      body: ticketReplyBody,
      response: { 201: ticketDetail, 409: errorResponse },
      success: 201,
    },
    async (request) => service.replyToTicket(db, signedIn(request), request.params.id, request.body.message),
  );

  onTicket.patch(
    '/tickets/:id',
    {
      access: 'staff',
      forbidden: m.onlyStaffStatus,
      summary: "Set a ticket's status (staff)",
      body: ticketStatusBody,
      response: { 200: ticketDetail },
    },
    async (request) => service.setTicketStatus(db, signedIn(request), request.params.id, request.body.status),
  );

  route.get(
    '/admin/tickets',
    {
      access: 'staff',
      tags: ['admin'],
      summary: 'Every ticket for staff: status filter (default open), search by title or username',
      querystring: adminTicketsQuery,
      response: { 200: ticketPage, 404: errorResponse },
    },
    async (request) => service.listTicketsForStaff(db, signedIn(request), request.query),
  );
};
