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
import { access } from '../../plugins/access.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

export const ticketRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/tickets',
    {
      schema: {
        ...access('member'),
        tags: ['tickets'],
        summary: "The signed-in member's tickets, latest activity first",
        querystring: myTicketsQuery,
        response: { 200: ticketPage, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => service.listMyTickets(db, signedIn(request), request.query),
  );

  app.post(
    '/tickets',
    {
      schema: {
        ...access('member', { unauthenticated: m.loginToCreate, limit: 'ticketCreatePerUser' }),
        tags: ['tickets'],
        summary: 'Open a ticket with its first message',
        body: newTicketBody,
        response: { 201: ticketDetail, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      reply.code(201);
      return service.createTicket(db, viewer, request.body);
    },
  );

  app.get(
    '/tickets/:id',
    {
      schema: {
        ...access('member', 'ticket'),
        tags: ['tickets'],
        summary: 'One ticket with its conversation (owner or staff)',
        params: ticketIdParams,
        response: { 200: ticketDetail },
      },
    },
    async (request) => service.getTicket(db, signedIn(request), request.params.id),
  );

  app.post(
    '/tickets/:id/messages',
    {
      schema: {
        ...access('member', { owner: 'ticket', limit: 'ticketReplyPerUser' }),
        tags: ['tickets'],
        summary: 'Reply on a ticket (owner or staff); closed tickets refuse replies',
        params: ticketIdParams,
        body: ticketReplyBody,
        response: { 201: ticketDetail, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      reply.code(201);
      return service.replyToTicket(db, viewer, request.params.id, request.body.message);
    },
  );

  app.patch(
    '/tickets/:id',
    {
      schema: {
        ...access('staff', { forbidden: m.onlyStaffStatus }),
        tags: ['tickets'],
        summary: "Set a ticket's status (staff)",
        params: ticketIdParams,
        body: ticketStatusBody,
        response: { 200: ticketDetail },
      },
    },
    async (request) => service.setTicketStatus(db, signedIn(request), request.params.id, request.body.status),
  );

  app.get(
    '/admin/tickets',
    {
      schema: {
        ...access('staff'),
        tags: ['admin'],
        summary: 'Every ticket for staff: status filter (default open), search by title or username',
        querystring: adminTicketsQuery,
        response: { 200: ticketPage, 404: errorResponse },
      },
    },
    async (request) => service.listTicketsForStaff(db, signedIn(request), request.query),
  );
};
