import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/social.ts';
import { totpFromKey } from './support/totp.ts';
import { createUser } from './support/users.ts';

/**
 * Chromium's virtual authenticator through CDP: a platform authenticator (internal transport) that keeps
 * discoverable credentials and verifies its user, answering the page's WebAuthn prompts by itself. The
 * credentials it makes and the assertions it signs are real; the server verifies them as any other.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a member adds a passkey in settings, signs in with it without an email, renames and removes it', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const user = await createUser(request, 'pk');
  const authenticator = await virtualAuthenticator(context, page);
  await signInAs(page, user, '/profile/settings');

  await expect(page.getByText('No passkeys yet')).toBeVisible();

  // By keyboard: the name, then Enter submits; the browser's prompt is answered by the authenticator.
  const name = page.getByLabel('New passkey name');
  await name.focus();
  await page.keyboard.type('Work laptop');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Passkey added')).toBeVisible();
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Work laptop');
  await expect(list.getByRole('listitem')).toContainText('Never used');
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);

  // Two-factor sign-in on (through the API in this page's session): a password now asks for a code.
  const enable = await page.request.post('/api/auth/two-factor/enable', {
    data: { password: user.password },
  });
  expect(enable.status(), await enable.text()).toBe(200);
  const key = new URL((await enable.json()).totpURI).searchParams.get('secret')!;
  const confirm = await page.request.post('/api/auth/two-factor/confirm', {
    data: { code: await totpFromKey(key) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);

  // Signed out, then in again with the passkey alone: no email, no password, and no code (it is both factors).
  await context.clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
  // The code step is the sign-in page's heading; the settings page it may return to has a card of that name.
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toHaveCount(0);

  // A password sign-in still asks for the code; the passkey can stand in for it.
  await context.clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();

  await page.goto('/profile/settings');
  const row = list.getByRole('listitem');
  await expect(row).toContainText('Last used');

  // Rename in place.
  await row.getByRole('button', { name: 'Rename Work laptop' }).click();
  const field = row.getByLabel('Passkey name');
  await expect(field).toBeFocused();
  await field.fill('Desk computer');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passkey renamed')).toBeVisible();
  await expect(row).toContainText('Desk computer');

  // Remove, asked first.
  await row.getByRole('button', { name: 'Remove Desk computer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove passkey' });
  await expect(dialog).toContainText('Desk computer');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(page.getByText('No passkeys yet')).toBeVisible();

  // The authenticator still holds the key, but the site no longer takes it.
  await context.clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey could not sign you in. Please try again.')).toBeVisible();
});

test('the passkeys card fits a 390 px phone', async ({ browser, request }) => {
  const user = await createUser(request, 'pkphone');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await virtualAuthenticator(context, page);
    await signInAs(page, user, '/profile/settings');
    await page.getByLabel('New passkey name').fill('A phone with a rather long passkey name here');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey added')).toBeVisible();
    const row = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    await expect(row.getByRole('button', { name: /^Remove/ })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
});
