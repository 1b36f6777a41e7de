import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

/*
 * Top-ups through the development sandbox (on by default outside production when no processor is
 * configured): Add credits → the sandbox checkout → back to /wallet?deposit=<id>, credited live.
 */

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const depositStatus = (page: Page) => page.getByRole('status', { name: 'Your deposit' });
const deposits = (page: Page) => page.getByRole('list', { name: 'Deposits' });

test('a member adds credits through the sandbox checkout and sees them arrive without reloading', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await createUser(request, 'topup');
  await signInAs(page, member, '/wallet');
  await expect(card(page, 'Marketplace credits').getByText('0', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add credits' });
  await dialog.getByRole('group', { name: 'Presets' }).getByRole('button', { name: '1,000' }).click();
  await expect(dialog.getByLabel('Credits', { exact: true })).toHaveValue('1000');
  await dialog.getByRole('radio', { name: 'Sandbox (no real money)' }).check();
  await expect(dialog.getByText('You pay 10.00 USD for 1,000 credits.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  // The sandbox's checkout, clearly not a real one.
  await expect(page).toHaveURL(/\/wallet\/sandbox-checkout\/[0-9a-f-]{36}$/);
  const depositId = page.url().split('/').pop()!;
  await expect(page.getByRole('note')).toContainText('Sandbox: no real money');
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.getByText('10.00 USD')).toBeVisible();

  // A second tab waits on the deposit, as a member back from a slow processor would.
  const waiting = await page.context().newPage();
  await waiting.goto(`/wallet?deposit=${depositId}`);
  await expect(depositStatus(waiting)).toContainText('Waiting for the payment processor…');
  await expect(card(waiting, 'Pending deposits').getByText('1,000', { exact: true })).toBeVisible();

  // The toast lives two seconds: watched for from before the payment, so the checks on the paying tab that
  // come first cannot outlast it (seen on a loaded machine: the toast had come and gone).
  const waitingToast = waiting
    .getByRole('status')
    .filter({ hasText: /^1,000 credits added to your wallet$/ })
    .waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/wallet\\?deposit=${depositId}$`));
  await expect(depositStatus(page)).toContainText('1,000 credits added to your wallet');
  await expect(card(page, 'Marketplace credits').getByText('1,000', { exact: true })).toBeVisible();

  // The waiting tab turns credited on the live event, with its toast, and no reload.
  await expect(depositStatus(waiting)).toContainText('1,000 credits added to your wallet');
  await waitingToast;
  await expect(card(waiting, 'Marketplace credits').getByText('1,000', { exact: true })).toBeVisible();
  await expect(card(waiting, 'Pending deposits').getByText('0', { exact: true })).toBeVisible();

  // The Deposits list (opened first after a checkout) has it, credited; the history has the top-up.
  await expect(page.getByRole('tab', { name: 'Deposits' })).toHaveAttribute('aria-selected', 'true');
  const row = deposits(page).getByRole('listitem').filter({ hasText: '1,000 credits' });
  await expect(row.getByText('Credited', { exact: true })).toBeVisible();
  await expect(row.getByText('10.00 USD')).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'Wallet history' }).getByText('+1,000')).toBeVisible();
  const csv = await page.request.get(
    (await page.getByRole('link', { name: 'Export history (CSV)' }).getAttribute('href'))!,
  );
  expect(csv.status()).toBe(200);
});

test('a top-up below the minimum is refused; an expired one credits nothing and filters as expired', async ({
  page,
  request,
}) => {
  const member = await createUser(request, 'expiry');
  await signInAs(page, member, '/wallet');
  await page.getByRole('button', { name: 'Add credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add credits' });
  await dialog.getByLabel('Credits', { exact: true }).fill('100');
  await expect(dialog.getByText('You pay 1.00 USD for 100 credits.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('The smallest top-up is 500 credits').first()).toBeVisible();

  await dialog.getByLabel('Credits', { exact: true }).fill('750');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/wallet\/sandbox-checkout\//);
  await page.getByRole('button', { name: 'Let it expire' }).click();
  await expect(depositStatus(page)).toContainText('nothing was charged');
  await expect(card(page, 'Marketplace credits').getByText('0', { exact: true })).toBeVisible();

  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption('Expired');
  await expect(deposits(page).getByRole('listitem').filter({ hasText: '750 credits' })).toBeVisible();
  await status.selectOption('Credited');
  await expect(page.getByText('No deposits yet')).toBeVisible();
  const csv = await page.request.get('/api/v1/wallet/deposits/export.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('750');
});
