import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { asUser, pageAs, signInAs } from './support/social.ts';
import { freshCodes, totpFromKey } from './support/totp.ts';
import { asAdmin, createModerator, createUser, type E2EUser } from './support/users.ts';

/*
 * Withdrawals (decision 032): a seller takes out earned credits past the reserve, with two-factor sign-in on,
 * a payout address out of its 24-hour hold and a fresh authenticator code; admins approve or reject.
 */

type Terms = { reserveDays: number; minCredits: number; feePercent: number; addressHoldHours: number };
const defaults: Terms = { reserveDays: 7, minCredits: 1000, feePercent: 2, addressHoldHours: 24 };

/** The site's withdrawal terms, as an admin sets them (the file's tests run one after another). */
async function setTerms(request: APIRequestContext, terms: Partial<Terms>) {
  await asAdmin(request, async () => {
    const res = await request.put('/api/v1/admin/site-settings/withdrawals', {
      data: { ...defaults, ...terms },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
}

/* No reserve, so a sale released a moment ago is withdrawable; the defaults are put back after. */
test.afterAll(async ({ request }) => setTerms(request, {}));

/** A seller with one released sale of 100 credits: 95 earned after the 5% marketplace fee. */
async function sellerWithEarnings(request: APIRequestContext) {
  const [seller, buyer] = await Promise.all([createUser(request, 'payee'), createUser(request, 'payer')]);
  await asAdmin(request, async () => {
    const res = await request.post(`/api/v1/admin/users/${buyer.id}/balance`, {
      data: { amount: 100, currency: 'credits', description: 'e2e credits' },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
  const listing = await asUser(request, seller, async () => {
    const res = await request.post('/api/v1/listings', {
      data: {
        title: 'Withdrawal test listing',
        price: 100,
        game: 'Valorant',
        features: 'ESP',
        requirements: 'Windows 11',
        description: 'A listing sold so that its seller has earnings to withdraw.',
        contentLink: 'https://files.example.com/withdrawal',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  });
  await asUser(request, buyer, async () => {
    const order = await request.post(`/api/v1/listings/${listing.id}/purchase`, {
      data: { expectedPrice: 100 },
    });
    expect(order.status(), await order.text()).toBe(201);
    const confirm = await request.post(`/api/v1/orders/${(await order.json()).id}/confirm`);
    expect(confirm.status(), await confirm.text()).toBe(200);
  });
  return seller;
}

/** Turns on two-factor sign-in for the member signed in on `api`; returns the authenticator's key. */
async function enableTwoFactor(api: APIRequestContext, user: E2EUser) {
  const enable = await api.post('/api/auth/two-factor/enable', { data: { password: user.password } });
  expect(enable.status(), await enable.text()).toBe(200);
  const key = new URL((await enable.json()).totpURI).searchParams.get('secret')!;
  const confirm = await api.post('/api/auth/two-factor/confirm', { data: { code: await totpFromKey(key) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return key;
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const manualDetails = 'IBAN DE89 3704 0044 0532 0130 00, E2E Seller';

/**
 * Signs the seller in at /wallet with two-factor on and a manual payout address set, through the API in the
 * page's own session (a member with two-factor on signs in with a code, which signInAs does not do); returns
 * their authenticator's fresh codes.
 */
async function readyToWithdraw(page: Page, seller: E2EUser) {
  await signInAs(page, seller, '/wallet');
  const nextCode = freshCodes(await enableTwoFactor(page.request, seller));
  const res = await page.request.put('/api/v1/wallet/payout-addresses', {
    data: { method: 'manual', destination: manualDetails, code: await nextCode() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const [saved] = (await res.json()).items as { usableAt: string }[];
  expect(Date.parse(saved!.usableAt)).toBeLessThanOrEqual(Date.now());
  return nextCode;
}

test('a seller turns on two-factor, sets a payout address with a code, and sees its 24-hour hold', async ({
  page,
  request,
}) => {
  await setTerms(request, { reserveDays: 0, minCredits: 50 });
  const seller = await sellerWithEarnings(request);
  await signInAs(page, seller, '/wallet');
  await expect(card(page, 'Withdrawable').getByText('95', { exact: true })).toBeVisible();
  await expect(card(page, 'Marketplace credits').getByText('95', { exact: true })).toBeVisible();

  // Without two-factor sign-in the button is off, and says why and where to fix it.
  const withdraw = page.getByRole('button', { name: 'Withdraw', exact: true });
  await expect(withdraw).toBeDisabled();
  await expect(withdraw).toHaveAccessibleDescription(/Withdrawing needs two-factor sign-in/);
  await expect(page.getByRole('link', { name: 'turn it on in Settings' })).toHaveAttribute(
    'href',
    '/profile/settings',
  );

  const key = await enableTwoFactor(page.request, seller);
  const nextCode = freshCodes(key);
  await page.reload();
  await withdraw.click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw credits' });
  await expect(dialog.getByRole('radio', { name: /Manual payout by staff/ })).toBeChecked();
  await expect(dialog.getByText('Add a payout address for this method first')).toBeVisible();
  await expect(dialog.getByLabel('Credits', { exact: true })).toHaveValue('95');
  // 2% of 95 is 1 (rounded down): 94 credits paid out, 0.94 USD at 100 credits a dollar.
  await expect(dialog.getByText('94 credits (0.94 USD)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();

  // The address is set in its own form, with a code: a wrong one is refused under the field.
  await dialog.getByRole('button', { name: 'Set address' }).click();
  const address = page.getByRole('dialog', { name: 'Payout address' });
  await address.getByLabel('Payment details').fill(manualDetails);
  const code = await totpFromKey(key);
  await address.getByLabel('Authenticator code').fill(code === '000000' ? '111111' : '000000');
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(address.getByRole('alert').filter({ hasText: 'Invalid authenticator code' })).toBeVisible();
  await address.getByLabel('Authenticator code').fill(await nextCode());
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Payout address saved: it can be used in 24 hours')).toBeVisible();

  // Back in the withdrawal: the address, its hold, and no request until it is over.
  await expect(dialog.getByText(manualDetails).first()).toBeVisible();
  await expect(dialog.getByText(/^A new payout address can be used from /)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();
});

test('staff approve a manual withdrawal with its reference; the seller sees it complete', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // No reserve and no hold on a new payout address, so the whole flow fits in a test.
  await setTerms(request, { reserveDays: 0, minCredits: 50, addressHoldHours: 0 });
  const seller = await sellerWithEarnings(request);
  const nextCode = await readyToWithdraw(page, seller);
  await page.reload();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw credits' });
  await dialog.getByLabel('Authenticator code').fill(await nextCode());
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText('Withdrawal requested')).toBeVisible();
  await expect(card(page, 'Pending withdrawals').getByText('95', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  const mine = page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem').first();
  await expect(mine.getByText('Waiting for staff')).toBeVisible();

  const admin = await pageAs(browser, E2E_ADMIN);
  await admin.goto('/admin/withdrawals');
  const row = admin.getByRole('row').filter({ hasText: seller.username });
  await expect(row.getByText('1 released sales')).toBeVisible();
  await expect(row.getByText(manualDetails)).toBeVisible();
  await row.getByRole('button', { name: `Approve withdrawal of ${seller.username}` }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve withdrawal' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve.getByText('A manual payout needs its reference')).toBeVisible();
  await approve.getByLabel('Payout reference').fill('SEPA-E2E-0001');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Withdrawal approved')).toBeVisible();
  await admin.getByRole('tab', { name: 'Completed' }).click();
  await expect(
    admin.getByRole('row').filter({ hasText: seller.username }).getByText('Completed', { exact: true }),
  ).toBeVisible();

  // The seller's page follows on the live event.
  await expect(mine.getByText('Completed', { exact: true })).toBeVisible();
  await expect(mine.getByText('Reference: SEPA-E2E-0001')).toBeVisible();
  await expect(card(page, 'Pending withdrawals').getByText('0', { exact: true })).toBeVisible();
});

test('staff reject a withdrawal with a reason; the credits come back to the seller', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await setTerms(request, { reserveDays: 0, minCredits: 50, addressHoldHours: 0 });
  const seller = await sellerWithEarnings(request);
  const nextCode = await readyToWithdraw(page, seller);
  const res = await page.request.post('/api/v1/wallet/withdrawals', {
    data: { method: 'manual', credits: 60, code: await nextCode() },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.reload();
  await expect(card(page, 'Withdrawable').getByText('35', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  const mine = page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem').first();
  await expect(mine.getByText('Waiting for staff')).toBeVisible();

  const admin = await pageAs(browser, E2E_ADMIN, '/admin/withdrawals');
  const row = admin.getByRole('row').filter({ hasText: seller.username });
  await row.getByRole('button', { name: `Reject withdrawal of ${seller.username}` }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject withdrawal' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Reason is required')).toBeVisible();
  await reject.getByLabel('Reason').fill('The payment details do not match the account holder.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Withdrawal rejected')).toBeVisible();
  await expect(admin.getByText('No withdrawals waiting')).toBeVisible();

  // The seller's page follows on the live event: rejected with the reason, the credits withdrawable again.
  await expect(mine.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(mine.getByText('Reason: The payment details do not match the account holder.')).toBeVisible();
  await expect(card(page, 'Withdrawable').getByText('95', { exact: true })).toBeVisible();
});

test('the withdrawal queue is for admins: in their menu, refused to moderators', async ({
  page,
  request,
}) => {
  const mod = await createModerator(request, 'wdmod');
  await signInAs(page, E2E_ADMIN, '/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');

  await page.context().clearCookies();
  await signInAs(page, mod, '/admin/withdrawals');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Withdrawals' }),
  ).toHaveCount(0);
});
