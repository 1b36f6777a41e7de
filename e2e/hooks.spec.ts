import { randomBytes, randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hookMessages as m } from '../contract/messages/hook.ts';
import { E2E_ADMIN, E2E_HOOK_RECEIVER } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

/*
 * Outgoing webhooks in the seller area (issue 37 item 5): a seller adds a Discord webhook, sends a test that
 * the loopback Discord stand-in (server/test/hook-receiver.ts) records, sees the secret only masked and the
 * hook's status, and removes it after a confirmation. Delivery rules are proven in the API tests.
 */

test('a seller adds a Discord webhook, sends a test the receiver records, and removes it', async ({
  page,
  playwright,
  request,
}) => {
  const seller = await createUser(request, 'hooks');
  const receiver = await playwright.request.newContext({ ignoreHTTPSErrors: true });
  const id = Array.from({ length: 18 }, () => randomInt(10)).join('');
  const token = randomBytes(48).toString('base64url');
  const url = `${E2E_HOOK_RECEIVER}/api/webhooks/${id}/${token}`;

  await signInAs(page, seller, '/seller');
  const card = page.getByRole('region', { name: 'Discord and Telegram' });
  await expect(card.getByRole('heading', { name: 'Discord & Telegram' })).toBeVisible();
  await expect(card.getByText('No webhooks yet.')).toBeVisible();

  // A URL that is not a webhook is refused under its field.
  await card.getByLabel('Webhook URL').fill('https://discord.com/channels/1/2');
  await card.getByRole('button', { name: 'Add webhook' }).click();
  await expect(card.getByText(m.discordUrlInvalid)).toBeVisible();

  await card.getByLabel('Webhook URL').fill(url);
  await card.getByRole('checkbox', { name: 'Low-stock warnings' }).uncheck();
  await card.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  const row = card.getByRole('listitem', { name: 'Discord webhook' });
  await expect(row.getByText(`/api/webhooks/${id}/••••••••${token.slice(-4)}`)).toBeVisible();
  await expect(row.getByText('Sales · Disputes')).toBeVisible();
  await expect(row.getByText('Not used yet')).toBeVisible();
  // The secret is never shown again in full.
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(card.getByLabel('Webhook URL')).toHaveValue('');

  await row.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(m.testQueued)).toBeVisible();
  await expect
    .poll(async () => (await (await receiver.get(`${E2E_HOOK_RECEIVER}/_received?hook=${id}`)).json()).length)
    .toBe(1);
  const [message] = await (await receiver.get(`${E2E_HOOK_RECEIVER}/_received?hook=${id}`)).json();
  expect(message.body.embeds[0].description).toBe(m.testText);
  // The status follows once the list is read again.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Discord webhook' }).getByText('Working')).toBeVisible({
      timeout: 2000,
    });
  }).toPass();

  await page
    .getByRole('listitem', { name: 'Discord webhook' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove webhook' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(m.removed)).toBeVisible();
  await expect(card.getByText('No webhooks yet.')).toBeVisible();
  await receiver.dispose();
});

test('at 390 px the card fits, and a Telegram hook’s fields say what is wrong with each', async ({
  page,
  request,
}) => {
  const seller = await createUser(request, 'hooks_phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, seller, '/seller');
  const card = page.getByRole('region', { name: 'Discord and Telegram' });
  await expect(card.getByText('No webhooks yet.')).toBeVisible();
  await card.getByLabel('Type').selectOption('telegram');
  await card.getByLabel('Bot token').fill('not a token');
  for (const event of ['Sales', 'Disputes', 'Low-stock warnings'])
    await card.getByRole('checkbox', { name: event }).uncheck();
  // By keyboard: the submit button is reached and pressed without a mouse.
  await card.getByRole('button', { name: 'Add webhook' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText(m.botTokenInvalid)).toBeVisible();
  await expect(card.getByText(m.chatIdInvalid)).toBeVisible();
  await expect(card.getByText(m.eventsRequired)).toBeVisible();
  await expect(card.getByLabel('Bot token')).toHaveAttribute('aria-invalid', 'true');
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});

test('an admin sets the staff hook to a Telegram chat in the settings, tests it and removes it', async ({
  page,
  playwright,
}) => {
  const receiver = await playwright.request.newContext({ ignoreHTTPSErrors: true });
  const botId = String(randomInt(100_000_000, 999_999_999));
  const token = `${botId}:${randomBytes(27).toString('base64url').slice(0, 35)}`;
  const chatId = `-100${randomInt(1_000_000_000, 9_999_999_999)}`;
  await signInAs(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Discord & Telegram' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a webhook' });
  await form.getByLabel('Type').selectOption('telegram');
  await form.getByLabel('Bot token').fill(token);
  await form.getByLabel('Chat id').fill(chatId);
  await expect(form.getByRole('checkbox', { name: 'New reports' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Withdrawal requests' })).toBeChecked();
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  const row = page.getByRole('listitem', { name: 'Telegram bot' }).filter({ hasText: chatId });
  await expect(row.getByText(`${botId}:••••••••${token.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  await row.getByRole('button', { name: 'Send test' }).click();
  await expect
    .poll(
      async () => (await (await receiver.get(`${E2E_HOOK_RECEIVER}/_received?hook=${botId}`)).json()).length,
    )
    .toBe(1);
  const [message] = await (await receiver.get(`${E2E_HOOK_RECEIVER}/_received?hook=${botId}`)).json();
  expect(message.body).toMatchObject({ chat_id: chatId, parse_mode: 'HTML' });
  expect(message.body.text).toContain(m.testText);

  await row.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove webhook' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText(m.removed)).toBeVisible();
  await expect(row).toHaveCount(0);
  await receiver.dispose();
});
