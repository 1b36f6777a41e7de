import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountMessages } from '../contract/messages/account.ts';
import { E2E_DISCORD } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

// The loopback Discord serves the test certificate (server/test/tls), which the browser does not know.
test.use({ ignoreHTTPSErrors: true });

async function registerDiscordUser(request: APIRequestContext, suffix: string) {
  const registered = await request.post(`${E2E_DISCORD.url}/_test/users`, {
    data: { username: `dc_${suffix}`, email: `dc_${suffix}@discord.e2e.test` },
    ignoreHTTPSErrors: true,
  });
  expect(registered.ok()).toBe(true);
  return (await registered.json()) as { username: string };
}

/** What a person does on Discord's consent page: names their account, then Authorize. */
async function authorizeOnDiscord(page: Page, username: string) {
  await expect(page.getByRole('heading', { name: /wants to access your Discord account/ })).toBeVisible();
  await page.getByLabel('Discord username').fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

test('a new member continues with Discord, picks a username, and next time goes straight in', async ({
  page,
  request,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const discordUser = await registerDiscordUser(request, suffix);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await authorizeOnDiscord(page, discordUser.username);

  await expect(page).toHaveURL(/\/sso\/username$/);
  await expect(page.getByRole('heading', { name: 'Choose a username', level: 1 })).toBeVisible();
  await expect(page.getByText('You signed in with Discord.')).toBeVisible();
  // The Discord username is offered; the member picks their own, and the rules apply as on sign-up.
  const username = page.getByLabel('Username');
  await expect(username).toHaveValue(discordUser.username);
  await username.fill('x');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  const chosen = `sso_${suffix}`;
  await username.fill(chosen);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const avatar = page.getByRole('link', { name: 'Your profile' });
  await expect(avatar).toBeVisible();
  await avatar.click();
  await expect(page.getByRole('heading', { name: chosen })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toHaveCount(0);

  // Signed out: Discord again goes straight in, no username to pick.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await authorizeOnDiscord(page, discordUser.username);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: chosen })).toBeVisible();

  // Settings lists the linked Discord account; it is the only way in, so unlinking is refused.
  await page.goto('/profile/settings');
  const linked = page.getByRole('list', { name: 'Linked accounts' });
  await expect(linked.getByText('Discord')).toBeVisible();
  await expect(linked.getByText(/^Linked /)).toBeVisible();
  // No password to change: the card says how to add one instead of a form that cannot work.
  await expect(page.getByText(accountMessages.noPasswordYet)).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Unlink Discord' }).click();
  await page
    .getByRole('alertdialog', { name: 'Unlink Discord?' })
    .getByRole('button', { name: 'Unlink' })
    .click();
  await expect(page.getByText('You cannot unlink your only way to sign in.', { exact: false })).toBeVisible();
  await expect(linked.getByText(/^Linked /)).toBeVisible();
});

test('a member links Discord from settings, signs in with it, and unlinks it', async ({ page, request }) => {
  const member = await createUser(request, 'linker');
  const discordUser = await registerDiscordUser(request, randomUUID().slice(0, 8));
  await signInAs(page, member, '/profile/settings');

  const linked = page.getByRole('list', { name: 'Linked accounts' });
  await expect(linked.getByText('Not linked')).toBeVisible();
  await page.getByRole('button', { name: 'Link Discord' }).click();
  await authorizeOnDiscord(page, discordUser.username);
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(page.getByText('Discord account linked')).toBeVisible();
  await expect(linked.getByText(/^Linked /)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await authorizeOnDiscord(page, discordUser.username);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: member.username })).toBeVisible();

  // The password is still a way in: unlinking is allowed.
  await page.goto('/profile/settings');
  await page.getByRole('button', { name: 'Unlink Discord' }).click();
  await page
    .getByRole('alertdialog', { name: 'Unlink Discord?' })
    .getByRole('button', { name: 'Unlink' })
    .click();
  await expect(page.getByText('Discord account unlinked')).toBeVisible();
  await expect(linked.getByText('Not linked')).toBeVisible();
});
