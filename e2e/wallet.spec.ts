import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/social.ts';
import { asAdmin, createUser, type E2EUser } from './support/users.ts';

/** Grants through the admin's Add Balance API, one ledger row each. */
async function grant(
  request: APIRequestContext,
  user: E2EUser,
  grants: { amount: number; currency: 'credits' | 'balance'; description: string }[],
) {
  await asAdmin(request, async () => {
    for (const data of grants) {
      const res = await request.post(`/api/v1/admin/users/${user.id}/balance`, { data });
      expect(res.status(), await res.text()).toBe(200);
    }
  });
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const history = (page: Page) => page.getByRole('table', { name: 'Wallet history' });
const historyRow = (page: Page, text: string | RegExp) =>
  history(page).getByRole('row').filter({ hasText: text });

test('the wallet shows balances and history, filters by currency, and moves balance to credits', async ({
  page,
  request,
}) => {
  const member = await createUser(request, 'wallet');
  await grant(request, member, [
    { amount: 300, currency: 'balance', description: 'Welcome balance' },
    { amount: 50, currency: 'credits', description: 'Launch credits' },
  ]);

  // Reached from the top bar.
  await signInAs(page, member);
  await page.getByRole('banner').getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await expect(card(page, 'Main balance').getByText('300', { exact: true })).toBeVisible();
  await expect(card(page, 'Marketplace credits').getByText('50', { exact: true })).toBeVisible();
  await expect(card(page, 'In escrow').getByText('0', { exact: true })).toBeVisible();
  await expect(card(page, 'Incoming').getByText('0', { exact: true })).toBeVisible();

  // History, newest first, with signed amounts and the running balance of each currency.
  await expect(history(page).getByRole('row')).toHaveCount(3);
  await expect(historyRow(page, 'Launch credits').getByText('+50')).toBeVisible();
  await expect(historyRow(page, 'Welcome balance').getByText('+300')).toBeVisible();
  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'Credits' }).click();
  await expect(historyRow(page, 'Launch credits')).toBeVisible();
  await expect(historyRow(page, 'Welcome balance')).toHaveCount(0);
  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'Main balance' }).click();
  await expect(historyRow(page, 'Welcome balance')).toBeVisible();
  await expect(historyRow(page, 'Launch credits')).toHaveCount(0);
  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'All' }).click();

  // Moving to credits: validated, refused beyond the main balance, then done 1:1.
  const amount = page.getByLabel('Amount');
  const move = page.getByRole('button', { name: 'Move to credits' });
  await move.click();
  await expect(page.getByText('Amount is required')).toBeVisible();
  await amount.fill('0');
  await move.click();
  await expect(page.getByText('Amount must be positive')).toBeVisible();
  await amount.fill('500');
  await move.click();
  // The toast and the field both say it.
  await expect(page.getByText('You do not have enough main balance')).toHaveCount(2);
  await amount.fill('120');
  await move.click();
  await expect(page.getByText('Moved to marketplace credits')).toBeVisible();
  await expect(card(page, 'Main balance').getByText('180', { exact: true })).toBeVisible();
  await expect(card(page, 'Marketplace credits').getByText('170', { exact: true })).toBeVisible();
  const moves = historyRow(page, 'Moved from main balance to marketplace credits');
  await expect(moves).toHaveCount(2);
  await expect(moves.getByText('−120')).toBeVisible();
  await expect(moves.getByText('+120')).toBeVisible();
  await expect(moves.filter({ hasText: '+120' })).toContainText('170');
  await expect(moves.filter({ hasText: '−120' })).toContainText('180');

  // The profile's figures follow.
  await page.goto(`/profile/${member.id}`);
  await expect(page.getByText('180', { exact: true })).toBeVisible();
  await expect(page.getByText('170', { exact: true })).toBeVisible();
});

test('a new member sees the empty history; a long history pages with Load more', async ({
  page,
  request,
}) => {
  const member = await createUser(request, 'ledger');
  await signInAs(page, member, '/wallet');
  await expect(page.getByText('No wallet activity yet')).toBeVisible();

  // 27 movements: one page of 25, then the rest.
  await grant(
    request,
    member,
    Array.from({ length: 27 }, (_, i) => ({
      amount: i + 1,
      currency: 'credits' as const,
      description: `Grant number ${i + 1}`,
    })),
  );
  await page.reload();
  await expect(history(page).getByRole('row')).toHaveCount(26);
  await expect(historyRow(page, 'Grant number 27')).toBeVisible();
  await expect(historyRow(page, /Grant number 2(?!\d)/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(history(page).getByRole('row')).toHaveCount(28);
  await expect(historyRow(page, /Grant number 1(?!\d)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(card(page, 'Marketplace credits').getByText('378', { exact: true })).toBeVisible();
});
