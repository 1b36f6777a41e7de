import { errorResponse } from '../errors.ts';
import { cursorQuery } from '../pages.ts';
import {
  adminTicketsQuery,
  newTicketBody,
  ticketDetail,
  ticketIdParams,
  ticketPage,
  ticketReplyBody,
  ticketStatusBody,
} from '../tickets.ts';
import type { RouteGroup } from './route.ts';

/** Support tickets: a member's own, and staff's queue. */
export const ticketRoutes = {
  mine: {
    method: 'GET',
    path: '/tickets',
    access: 'member',
    summary: "The signed-in member's tickets, latest activity first",
    query: cursorQuery,
    response: { 200: ticketPage, 403: errorResponse, 404: errorResponse },
  },
  create: {
    method: 'POST',
    path: '/tickets',
    access: 'member',
    summary: 'Open a ticket with its first message',
    body: newTicketBody,
    response: { 201: ticketDetail, 403: errorResponse, 404: errorResponse },
    success: 201,
  },
  get: {
    method: 'GET',
    path: '/tickets/:id',
    access: 'member',
    summary: 'One ticket with its conversation (owner or staff)',
    params: ticketIdParams,
    response: { 200: ticketDetail },
  },
  reply: {
    method: 'POST',
    path: '/tickets/:id/messages',
    access: 'member',
    summary: 'Reply on a ticket (owner or staff); closed tickets refuse replies',
    params: ticketIdParams,
    body: ticketReplyBody,
    response: { 201: ticketDetail, 409: errorResponse },
    success: 201,
  },
  setStatus: {
    method: 'PATCH',
    path: '/tickets/:id',
    access: 'staff',
    summary: "Set a ticket's status (staff)",
    params: ticketIdParams,
    body: ticketStatusBody,
    response: { 200: ticketDetail },
  },
  adminList: {
    method: 'GET',
    path: '/admin/tickets',
    access: 'staff',
    tags: ['admin'],
    summary: 'Every ticket for staff: status filter (default open), search by title or username',
    query: adminTicketsQuery,
    response: { 200: ticketPage, 404: errorResponse },
  },
} as const satisfies RouteGroup;
