import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';
import { idParams } from './id-params.ts';
import { ticketMessages as m } from './messages/ticket.ts';
import { cursorParam, pageOf } from './pages.ts';
import { person, personWithRole } from './people.ts';
import { textField } from './text-field.ts';

export const ticketLimits = {
  title: { min: 5, max: 100 },
  message: { min: 20, max: 5000 },
  reply: { max: 5000 },
} as const;
export const ticketPageSize = 20;
export const ticketStatuses = ['open', 'in_progress', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusLabels: Record<TicketStatus, string> = /* @__PURE__ */ defineMessages(
  'ticketStatusLabels',
  {
    open: 'Open',
    in_progress: 'In Progress',
    closed: 'Closed',
  },
);

export const ticketIdParams = idParams(m.notFound);

export const newTicketBody = z.object({
  title: textField(ticketLimits.title, m.titleTooShort, m.titleTooLong),
  message: textField(ticketLimits.message, m.messageTooShort, m.messageTooLong),
});
export type NewTicketBody = z.output<typeof newTicketBody>;

export const ticketReplyBody = z.object({
  message: textField(ticketLimits.reply, m.messageRequired, m.messageTooLong),
});

export const ticketStatusBody = z.object({ status: z.enum(ticketStatuses) });

export const adminTicketsQuery = z.object({
  status: z.enum(['all', ...ticketStatuses]).default('open'),
  q: z.string().trim().max(100).optional(),
  cursor: cursorParam,
});

export const ticketSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(ticketStatuses),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Set on a dispute's ticket: the order it is about. */
  orderId: z.string().nullable(),
  user: person,
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketPage = pageOf(ticketSummary);
export type TicketPage = z.infer<typeof ticketPage>;

export const ticketMessage = z.object({
  id: z.string(),
  message: z.string(),
  isStaffReply: z.boolean(),
  createdAt: z.string(),
  author: personWithRole,
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketDetail = ticketSummary.extend({ messages: z.array(ticketMessage) });
export type TicketDetail = z.infer<typeof ticketDetail>;
