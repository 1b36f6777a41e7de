import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test("a ticket's life: created, answered by staff (in progress), closed, reply refused", async ({
  browser,
  request,
}) => {
  const member = await createUser(request, 'ticket');
  const title = `Download broken ${randomUUID().slice(0, 6)}`;
  const memberContext = await browser.newContext();
  const page = await memberContext.newPage();
  await signInAs(page, member);

  // Empty list, then the form's validation, then a new ticket.
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Support Tickets' })).toBeVisible();
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await page.getByRole('link', { name: 'New Ticket' }).click();
  await page.getByLabel('Title').fill('Hey');
  await page.getByLabel('Message').fill('Too short');
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByText('Title must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Message must be at least 20 characters')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('The download button does nothing after I bought the product.');
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  const ticketUrl = page.url();

  // Staff answer from the admin area: the ticket moves to In Progress.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAs(staff, E2E_ADMIN, '/admin/tickets');
  await expect(staff.getByRole('button', { name: 'Open', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await staff.getByRole('searchbox', { name: 'Search tickets' }).fill(member.username);
  await staff.getByRole('link', { name: title }).click();
  await expect(staff.getByRole('heading', { name: title })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Open', exact: true })).toBeDisabled();
  await staff.getByLabel('Staff reply').fill('Thanks, we are looking into it.');
  await staff.getByRole('button', { name: 'Send Reply' }).click();
  await expect(staff.getByText('Reply sent')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'In Progress', exact: true })).toBeDisabled();

  // The member sees the staff reply, marked as such.
  await page.reload();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByText('Thanks, we are looking into it.')).toBeVisible();
  await expect(conversation.getByText('Staff', { exact: true })).toBeVisible();
  await expect(page.getByText('In Progress', { exact: true })).toBeVisible();

  // Staff close it: the staff reply form goes away.
  await staff.getByRole('button', { name: 'Closed', exact: true }).click();
  await expect(staff.getByText('Ticket status updated')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Closed', exact: true })).toBeDisabled();
  await expect(staff.getByLabel('Staff reply')).toHaveCount(0);

  // The member can no longer reply and is offered a new ticket.
  await page.goto(ticketUrl);
  await expect(
    page.getByText('This ticket is closed. Please create a new ticket if you need further assistance.'),
  ).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create New Ticket' })).toBeVisible();

  // And the server refuses a reply sent anyway.
  const refused = await page.request.post(`/api/v1/tickets/${ticketUrl.split('/').pop()}/messages`, {
    data: { message: 'One more thing' },
  });
  expect(refused.status()).toBe(409);

  // The list shows it, closed.
  await page.goto('/tickets');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toContainText('Closed');
  await memberContext.close();
  await staffContext.close();
});

test("another member's ticket is refused with the spec's message and returns to the list", async ({
  browser,
  request,
}) => {
  const [owner, stranger] = await Promise.all([
    createUser(request, 'owner'),
    createUser(request, 'stranger'),
  ]);
  const ownerCtx = await browser.newContext();
  const ownerPage = await ownerCtx.newPage();
  await signInAs(ownerPage, owner);
  const res = await ownerPage.request.post('/api/v1/tickets', {
    data: { title: 'Private ticket', message: 'Nobody else should read this message.' },
  });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  await ownerCtx.close();

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signInAs(page, stranger, `/tickets/${id}`);
  await expect(page.getByText('Ticket not found or you do not have permission to view it')).toBeVisible();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await ctx.close();
});
