import { defineMessages } from '../i18n/define.ts';

/** Spec §2 Tickets, §5 and §8 for tickets. */
export const ticketMessages = /* @__PURE__ */ defineMessages('ticketMessages', {
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title must be less than 100 characters',
  messageTooShort: 'Message must be at least 20 characters',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be less than 5000 characters',
  notFound: 'Ticket not found or you do not have permission to view it',
  closed: 'This ticket is closed. Please create a new ticket if you need further assistance.',
  onlyStaffStatus: 'Only staff can update ticket status',
  loginToCreate: 'You must be logged in to create a ticket',
  createFailed: 'Failed to create ticket',
  loadFailed: 'Failed to load tickets',
  detailFailed: 'Failed to load ticket details',
  statusFailed: 'Failed to update ticket status',
  replyFailed: 'Failed to send reply',
  created: 'Ticket created successfully',
  replied: 'Reply sent',
  statusUpdated: 'Ticket status updated',
  empty: 'No tickets yet',
  emptyAdmin: 'No tickets found',
} as const);
