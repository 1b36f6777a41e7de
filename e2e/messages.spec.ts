import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('signed out: the spec texts with a Sign in link', async ({ page }) => {
  await page.goto('/messages');
  await expect(page.getByText('You must be logged in to view messages')).toBeVisible();
  await page.goto('/messages/new');
  await expect(page.getByText('You must be logged in to send messages')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('two members: new message, the other sees it, the bell counts it, reply, delete for me only', async ({
  browser,
  request,
}) => {
  const [alice, bob] = await Promise.all([createUser(request, 'alice'), createUser(request, 'bob')]);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const a = await aliceContext.newPage();
  const b = await bobContext.newPage();
  await signInAs(a, alice);
  await signInAs(b, bob, '/messages');
  await expect(b.getByText('No conversations yet.')).toBeVisible();

  // Alice: New Message, search the recipient, Change, pick again, send.
  await a.goto('/messages/new');
  await a.getByRole('searchbox', { name: 'Search users' }).fill(`zz_${randomUUID().slice(0, 6)}`);
  await expect(a.getByText('No users found.')).toBeVisible();
  await a.getByRole('searchbox', { name: 'Search users' }).fill(bob.username);
  await a.getByRole('list', { name: 'Users' }).getByRole('button', { name: bob.username }).click();
  await expect(a.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/profile/${bob.id}`);
  await a.getByRole('button', { name: 'Change' }).click();
  await a.getByRole('searchbox', { name: 'Search users' }).fill(bob.username);
  await a.getByRole('list', { name: 'Users' }).getByRole('button', { name: bob.username }).click();
  await a.getByRole('button', { name: 'Send Message' }).click();
  await expect(a.getByText('Message is required')).toBeVisible();
  const text = `Hi Bob <b>not bold</b> ${randomUUID().slice(0, 6)}`;
  await a.getByRole('textbox', { name: 'Message' }).fill(text);
  await a.getByRole('button', { name: 'Send Message' }).click();
  await expect(a.getByText('Message sent successfully')).toBeVisible();
  await expect(a).toHaveURL(new RegExp(`/messages/${bob.id}$`));
  await expect(a.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();

  // Bob sees it (live) and the bell counts it.
  const bell = b.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });
  const conversations = b.getByRole('navigation', { name: 'Conversations' });
  await expect(conversations.getByRole('link', { name: new RegExp(alice.username) })).toContainText(text);
  await expect(conversations.getByText('1 unread', { exact: true })).toBeVisible();

  // The bell's notification opens the conversation and is marked read.
  await bell.click();
  await b.getByRole('button', { name: new RegExp(`New message.*${alice.username}`) }).click();
  await expect(b).toHaveURL(new RegExp(`/messages/${alice.id}$`));
  await expect(b.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(conversations.getByText('1 unread', { exact: true })).toHaveCount(0);

  // Bob replies with Enter; Alice sees it in her open thread.
  const reply = `Hello Alice ${randomUUID().slice(0, 6)}`;
  await b.getByRole('textbox', { name: 'Message' }).fill(reply);
  await b.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(b.getByRole('list', { name: 'Messages' }).getByText(reply)).toBeVisible();
  await expect(a.getByRole('list', { name: 'Messages' }).getByText(reply)).toBeVisible({ timeout: 15_000 });

  // Bob deletes the conversation for himself after a confirmation; Alice keeps hers.
  await b.getByRole('button', { name: 'Delete conversation' }).click();
  const dialog = b.getByRole('alertdialog');
  await expect(dialog).toContainText('The other user keeps their copy.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(b.getByText('Conversation deleted successfully')).toBeVisible();
  await expect(b).toHaveURL(/\/messages$/);
  await expect(b.getByText('No conversations yet.')).toBeVisible();
  await a.reload();
  await expect(a.getByRole('list', { name: 'Messages' }).getByText(reply)).toBeVisible();

  // Alice blocks Bob: her thread says why and the send box is gone.
  await a.getByRole('button', { name: 'Block' }).click();
  await expect(a.getByText('You have blocked this user. Unblock them to send messages.')).toBeVisible();
  await expect(a.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  await aliceContext.close();
  await bobContext.close();
});

test('?recipient= preselects the recipient; the profile Message button leads there', async ({
  page,
  request,
}) => {
  const [me, them] = await Promise.all([createUser(request, 'sender'), createUser(request, 'target')]);
  await signInAs(page, me, `/profile/${them.id}`);
  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/new\\?recipient=${them.id}$`));
  await expect(page.getByText(them.username)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Straight from the profile');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${them.id}$`));
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('Straight from the profile'),
  ).toBeVisible();
});
