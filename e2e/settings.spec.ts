import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { asUser, signInAs } from './support/social.ts';
import { totpFromKey } from './support/totp.ts';
import { createUser } from './support/users.ts';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a member changes the password, stays on the page, and signs in with the new one', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'pw');
  await signInAs(page, user);
  // Exact: the home page's Latest threads may list a thread whose title contains "settings".
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  const form = page.getByRole('form', { name: 'Change password' });

  await form.getByLabel('Current Password').fill(user.password);
  await form.getByLabel('New Password', { exact: true }).fill('short');
  await form.getByLabel('Confirm New Password').fill('different');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('New passwords do not match')).toBeVisible();

  await form.getByLabel('Current Password').fill('not-my-password');
  await form.getByLabel('New Password', { exact: true }).fill('fresh-password-22');
  await form.getByLabel('Confirm New Password').fill('fresh-password-22');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();

  // The show/hide toggle reveals what was typed.
  await form.getByRole('button', { name: 'Show password' }).first().click();
  await expect(form.getByLabel('Current Password')).toHaveAttribute('type', 'text');

  await form.getByLabel('Current Password').fill(user.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  // Still signed in after the change.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();

  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await signInAs(page, { email: user.email, password: 'fresh-password-22' });
});

test('notification toggles persist after a reload and the sign-in shows in the history', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'prefs');
  // One sign-in through the API (another client), then this browser's, for the history below.
  await asUser(request, user, async () => undefined);
  await signInAs(page, user, '/profile/settings');

  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  const email = page.getByRole('switch', { name: 'Email notifications' });
  const market = page.getByRole('switch', { name: 'Marketplace updates' });
  const security = page.getByRole('switch', { name: 'Security alerts' });
  for (const s of [email, market, security]) await expect(s).toHaveAttribute('aria-checked', 'true');
  const digest = page.getByLabel('Summary email while you are away');
  await expect(digest).toHaveValue('weekly');

  await email.click();
  await security.click();
  await digest.selectOption({ label: 'Daily' });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();

  await page.reload();
  await expect(email).toHaveAttribute('aria-checked', 'false');
  await expect(market).toHaveAttribute('aria-checked', 'true');
  await expect(security).toHaveAttribute('aria-checked', 'false');
  await expect(digest).toHaveValue('daily');

  // The API's sign-in and this browser's: newest first.
  const history = page.getByRole('list', { name: 'Recent sign-ins' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(/Chrome \d+ on \w+/);
  await expect(history.getByRole('listitem').first()).toContainText(/IP (127\.0\.0\.1|::1)/);

  // The theme toggle on the page switches the whole site.
  const dark = page.getByRole('switch', { name: 'Dark mode' });
  const wasDark = (await dark.getAttribute('aria-checked')) === 'true';
  await dark.click();
  await expect(page.locator('html')).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});

test('a member turns on two-factor sign-in and signs in with a code, then a backup code', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'tfa');
  await signInAs(page, user, '/profile/settings');
  const section = page.getByRole('form', { name: 'Enable two-factor sign-in' });
  await section.getByLabel('Password', { exact: true }).fill(user.password);
  await section.getByRole('button', { name: 'Enable two-factor' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await page.getByTestId('totp-secret').textContent())!;
  const backupCodes = await page
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(backupCodes).toHaveLength(10);

  await page
    .getByLabel('Authentication code')
    .fill('000000' === (await totpFromKey(key)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Invalid authentication code')).toBeVisible();

  await page.getByLabel('Authentication code').fill(await totpFromKey(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-factor sign-in enabled')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Disable two-factor sign-in' })).toBeVisible();

  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await totpFromKey(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();

  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();

  // Turning it off asks for the password; sign-in then needs only the password again.
  await page.goto('/profile/settings');
  const disable = page.getByRole('form', { name: 'Disable two-factor sign-in' });
  await disable.getByLabel('Password', { exact: true }).fill(user.password);
  await disable.getByRole('button', { name: 'Disable two-factor' }).click();
  await expect(page.getByText('Two-factor sign-in disabled')).toBeVisible();
  await logOut(page);
  await signInAs(page, user);
});

test('staff are urged to turn on two-factor sign-in', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, '/profile/settings');
  await expect(page.getByRole('note')).toContainText('Please turn on two-factor sign-in');
});
