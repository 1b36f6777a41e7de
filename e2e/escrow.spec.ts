import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { asUser, pageAs } from './support/social.ts';
import { asAdmin, createUser, type E2EUser } from './support/users.ts';

/*
 * Buyer protection (issue 6): a purchase waits in escrow; the buyer's confirmation pays the seller,
 * a dispute freezes it until staff settle it from the dispute's ticket.
 */

async function seedListing(request: APIRequestContext, seller: E2EUser, title: string, price: number) {
  return asUser(request, seller, async () => {
    const res = await request.post('/api/v1/listings', {
      data: {
        title,
        price,
        game: 'Valorant',
        features: 'Aimbot and ESP',
        requirements: 'Windows 11',
        description: 'A well kept listing with a long enough description.',
        contentLink: 'https://files.example.com/escrow-download',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  });
}

async function grantCredits(request: APIRequestContext, user: E2EUser, amount: number) {
  await asAdmin(request, async () => {
    const res = await request.post(`/api/v1/admin/users/${user.id}/balance`, {
      data: { amount, currency: 'credits', description: 'e2e credits' },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
}

/** The figure on one of the wallet page's balance cards. */
const balanceCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectBalances(page: Page, figures: Record<string, string>) {
  await page.goto('/wallet');
  for (const [name, value] of Object.entries(figures)) {
    await expect(balanceCard(page, name).getByText(value, { exact: true })).toBeVisible();
  }
}

test('buy, then confirm delivery: the seller is paid only after the confirmation', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [seller, buyer] = await Promise.all([createUser(request, 'seller'), createUser(request, 'buyer')]);
  await grantCredits(request, buyer, 200);
  const title = `Escrow ESP ${randomUUID().slice(0, 6)}`;
  const listing = await seedListing(request, seller, title, 100);

  // The buyer buys: the order is in escrow, with the protection window's time left and the actions.
  const buyerPage = await pageAs(browser, buyer, `/marketplace/${listing.id}`);
  await buyerPage.getByRole('button', { name: 'Buy Now' }).click();
  await buyerPage.getByRole('button', { name: 'Buy for 100 Credits' }).click();
  await expect(buyerPage.getByText('Purchase successful!')).toBeVisible();
  const orderPanel = buyerPage.getByRole('region', { name: 'Order' });
  await expect(orderPanel.getByText('In escrow', { exact: true })).toBeVisible();
  await expect(orderPanel.getByText(/^(2 days 2\d hours|3 days) left$/)).toBeVisible();
  await expect(orderPanel.getByRole('button', { name: 'Confirm delivery' })).toBeVisible();
  await expect(orderPanel.getByRole('button', { name: 'Open dispute' })).toBeVisible();
  await expectBalances(buyerPage, { 'Marketplace credits': '100', 'In escrow': '100' });

  // Not paid yet: the sale waits in escrow for the seller, who has no buyer actions.
  const sellerPage = await pageAs(browser, seller);
  await expectBalances(sellerPage, { 'Marketplace credits': '0', Incoming: '100' });
  await sellerPage.goto('/orders');
  await sellerPage.getByRole('tab', { name: 'Sales' }).click();
  const sale = sellerPage.getByRole('listitem').filter({ hasText: title });
  await expect(sale.getByText('In escrow', { exact: true })).toBeVisible();
  await expect(sale.getByText(`to ${buyer.username}`)).toBeVisible();
  await expect(sale.getByText('fee 5 · payout 95')).toBeVisible();
  await expect(sale.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
  await sale.getByRole('button', { name: 'Show content link' }).click();
  await expect(sale.getByRole('link', { name: 'https://files.example.com/escrow-download' })).toBeVisible();

  // The buyer confirms from the orders page (Cancel first leaves it held).
  await buyerPage.goto('/orders');
  await buyerPage.getByRole('tab', { name: 'Purchases' }).click();
  const purchase = buyerPage.getByRole('listitem').filter({ hasText: title });
  await expect(purchase.getByText(`from ${seller.username}`)).toBeVisible();
  await purchase.getByRole('button', { name: 'Confirm delivery' }).click();
  const dialog = buyerPage.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Confirm that you received what you bought? The seller will be paid and this cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(purchase.getByText('In escrow', { exact: true })).toBeVisible();
  await purchase.getByRole('button', { name: 'Confirm delivery' }).click();
  await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(buyerPage.getByText('Delivery confirmed. The seller has been paid.')).toBeVisible();
  await expect(purchase.getByText('Completed', { exact: true })).toBeVisible();
  await expect(purchase.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
  await expect(purchase.getByRole('button', { name: 'Open dispute' })).toHaveCount(0);

  // The seller's wallet shows the payout (price minus the 5% fee) and its history row.
  await expectBalances(sellerPage, { 'Marketplace credits': '95', Incoming: '0' });
  const history = sellerPage.getByRole('table', { name: 'Wallet history' });
  const payout = history.getByRole('row').filter({ hasText: `Sale of "${title}" (delivery confirmed)` });
  await expect(payout.getByText('+95')).toBeVisible();
  await expectBalances(buyerPage, { 'Marketplace credits': '100', 'In escrow': '0' });
});

test('buy, dispute with a reason, staff refund from the ticket: the buyer gets the credits back', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [seller, buyer] = await Promise.all([createUser(request, 'seller'), createUser(request, 'buyer')]);
  await grantCredits(request, buyer, 150);
  const title = `Disputed Cheat ${randomUUID().slice(0, 6)}`;
  const listing = await seedListing(request, seller, title, 120);
  await asUser(request, buyer, async () => {
    const res = await request.post(`/api/v1/listings/${listing.id}/purchase`, {
      data: { expectedPrice: 120 },
    });
    expect(res.status(), await res.text()).toBe(201);
  });

  // The buyer disputes from the listing page; the reason must be 20 characters or more.
  const buyerPage = await pageAs(browser, buyer, `/marketplace/${listing.id}`);
  const orderPanel = buyerPage.getByRole('region', { name: 'Order' });
  await orderPanel.getByRole('button', { name: 'Open dispute' }).click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Open dispute' });
  await dialog.getByLabel('What went wrong?').fill('It does not work');
  await dialog.getByRole('button', { name: 'Open dispute' }).click();
  await expect(dialog.getByText('Reason must be at least 20 characters')).toBeVisible();
  await dialog
    .getByLabel('What went wrong?')
    .fill('The download link is dead and the seller does not answer.');
  await dialog.getByRole('button', { name: 'Open dispute' }).click();
  await expect(buyerPage.getByText('Dispute opened. Our staff will review it.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(orderPanel.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(orderPanel.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
  await expectBalances(buyerPage, { 'Marketplace credits': '30', 'In escrow': '120' });

  // The seller reaches the dispute's ticket from the orders page and reads the reason.
  const sellerPage = await pageAs(browser, seller, '/orders');
  const sale = sellerPage.getByRole('listitem').filter({ hasText: title });
  await expect(sale.getByText('Disputed', { exact: true })).toBeVisible();
  await sale.getByRole('link', { name: 'View dispute' }).click();
  await expect(sellerPage.getByRole('heading', { name: `Dispute: ${title}`, level: 1 })).toBeVisible();
  await expect(
    sellerPage.getByText('The download link is dead and the seller does not answer.'),
  ).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Settle dispute' })).toHaveCount(0);

  // Staff find it under Admin → Orders (Disputed by default) and refund the buyer from the ticket.
  const staffPage = await pageAs(browser, E2E_ADMIN, '/admin');
  await staffPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(staffPage.getByRole('button', { name: 'Disputed' })).toHaveAttribute('aria-pressed', 'true');
  await staffPage.getByRole('link', { name: `Ticket for ${title}` }).click();
  const panel = staffPage.getByRole('region', { name: 'Disputed order' });
  await expect(panel.getByText(buyer.username)).toBeVisible();
  await expect(panel.getByText(seller.username)).toBeVisible();
  await panel.getByRole('button', { name: 'Settle dispute' }).click();
  await expect(panel.getByText('Choose how to settle the dispute')).toBeVisible();
  await expect(panel.getByText('A note is required')).toBeVisible();
  await panel.getByLabel('Refund buyer in full').check();
  await panel.getByLabel('Note').fill('The seller did not deliver; full refund.');
  await panel.getByRole('button', { name: 'Settle dispute' }).click();
  const confirm = staffPage.getByRole('alertdialog');
  await expect(confirm).toContainText(
    `120 credits will be refunded to ${buyer.username} and 0 credits paid to ${seller.username}.`,
  );
  await confirm.getByRole('button', { name: 'Settle dispute' }).click();
  await expect(staffPage.getByText('Dispute settled', { exact: true })).toBeVisible();
  await expect(panel.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(
    panel.getByText('Settled: 120 credits refunded to the buyer, 0 credits paid to the seller.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Settle dispute' })).toHaveCount(0);

  // The buyer's credits are back, and the orders page shows the settlement and its note.
  await expectBalances(buyerPage, { 'Marketplace credits': '150', 'In escrow': '0' });
  const history = buyerPage.getByRole('table', { name: 'Wallet history' });
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: `Dispute over "${title}" refunded to the buyer` })
      .getByText('+120'),
  ).toBeVisible();
  await buyerPage.goto('/orders');
  const purchase = buyerPage.getByRole('listitem').filter({ hasText: title });
  await expect(purchase.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(
    purchase.getByText('Dispute settled: 120 credits refunded to the buyer, 0 credits paid to the seller.'),
  ).toBeVisible();
  await expect(purchase.getByText('The seller did not deliver; full refund.')).toBeVisible();
  await expectBalances(sellerPage, { 'Marketplace credits': '0', Incoming: '0' });
});

test('a buyer who saw the old price is told the new one and sees it on screen; nothing is charged', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [seller, buyer] = await Promise.all([createUser(request, 'seller'), createUser(request, 'buyer')]);
  await grantCredits(request, buyer, 500);
  const title = `Price Bait ${randomUUID().slice(0, 6)}`;
  const listing = await seedListing(request, seller, title, 100);

  const buyerPage = await pageAs(browser, buyer, `/marketplace/${listing.id}`);
  await expect(buyerPage.getByText('100 Credits', { exact: true })).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Buy Now' }).click();

  // Between the look and the click, the seller raises the price.
  await asUser(request, seller, async () => {
    const res = await request.patch(`/api/v1/listings/${listing.id}`, {
      data: {
        title,
        description: 'A well kept listing with a long enough description.',
        price: 250,
        imageUrl: null,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  await buyerPage.getByRole('button', { name: 'Buy for 100 Credits' }).click();
  await expect(
    buyerPage.getByText('The price changed to 250 credits. Check the listing and try again.'),
  ).toBeVisible();
  await expect(buyerPage.getByText('250 Credits', { exact: true })).toBeVisible();
  await expect(buyerPage.getByText('100 Credits', { exact: true })).toHaveCount(0);
  await expect(buyerPage.getByRole('region', { name: 'Order' })).toHaveCount(0);
  await expectBalances(buyerPage, { 'Marketplace credits': '500', 'In escrow': '0' });

  // At the price now on screen the purchase goes through.
  await buyerPage.goto(`/marketplace/${listing.id}`);
  await buyerPage.getByRole('button', { name: 'Buy Now' }).click();
  await buyerPage.getByRole('button', { name: 'Buy for 250 Credits' }).click();
  await expect(buyerPage.getByText('Purchase successful!')).toBeVisible();
  await expectBalances(buyerPage, { 'Marketplace credits': '250', 'In escrow': '250' });
});

test("staff reveal a disputed order's content link on purpose, and the audit log shows who did", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [seller, buyer] = await Promise.all([createUser(request, 'seller'), createUser(request, 'buyer')]);
  await grantCredits(request, buyer, 100);
  const title = `Reveal Me ${randomUUID().slice(0, 6)}`;
  const listing = await seedListing(request, seller, title, 80);
  const orderId = await asUser(request, buyer, async () => {
    const res = await request.post(`/api/v1/listings/${listing.id}/purchase`, {
      data: { expectedPrice: 80 },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    const dispute = await request.post(`/api/v1/orders/${id}/dispute`, {
      data: { reason: 'The download link is dead and the seller does not answer.' },
    });
    expect(dispute.status(), await dispute.text()).toBe(200);
    return id;
  });

  const staffPage = await pageAs(browser, E2E_ADMIN, '/admin/orders');
  await staffPage.getByRole('link', { name: `Ticket for ${title}` }).click();
  const panel = staffPage.getByRole('region', { name: 'Disputed order' });
  await expect(panel.getByText(buyer.username)).toBeVisible();
  // Opening the dispute shows staff no link: only the explicit action does.
  await expect(staffPage.getByText('https://files.example.com/escrow-download')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Reveal content link' }).click();
  await expect(panel.getByRole('link', { name: 'https://files.example.com/escrow-download' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reveal content link' })).toHaveCount(0);

  await staffPage.goto('/admin/audit-log');
  const entry = staffPage
    .getByRole('row')
    .filter({ hasText: 'order.reveal_content' })
    .filter({ hasText: orderId.slice(0, 8) });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText(E2E_ADMIN.username, { exact: true })).toBeVisible();
  await expect(entry.getByText(`listingTitle: ${title}`, { exact: false })).toBeVisible();
});

test("staff settle a banned seller's held order from the orders page", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [seller, buyer] = await Promise.all([createUser(request, 'seller'), createUser(request, 'buyer')]);
  await grantCredits(request, buyer, 100);
  const title = `Banned Seller ${randomUUID().slice(0, 6)}`;
  const listing = await seedListing(request, seller, title, 60);
  await asUser(request, buyer, async () => {
    const res = await request.post(`/api/v1/listings/${listing.id}/purchase`, {
      data: { expectedPrice: 60 },
    });
    expect(res.status(), await res.text()).toBe(201);
  });

  const staffPage = await pageAs(browser, E2E_ADMIN, '/admin/orders');
  await staffPage.getByRole('button', { name: 'In escrow' }).click();
  // A seller in good standing: the escrow releases by itself, staff have nothing to settle.
  await expect(staffPage.getByText(title)).toBeVisible();
  await expect(staffPage.getByRole('button', { name: `Settle ${title}` })).toHaveCount(0);

  await asAdmin(request, async () => {
    const res = await request.patch(`/api/v1/admin/users/${seller.id}`, { data: { banned: true } });
    expect(res.status(), await res.text()).toBe(200);
  });
  await staffPage.reload();
  await staffPage.getByRole('button', { name: 'In escrow' }).click();
  await staffPage.getByRole('button', { name: `Settle ${title}` }).click();
  const dialog = staffPage.getByRole('dialog', { name: `Settle “${title}”` });
  await dialog.getByRole('button', { name: 'Settle order' }).click();
  await expect(dialog.getByText('A note is required')).toBeVisible();
  await dialog.getByLabel('Refund buyer in full').check();
  await dialog.getByLabel('Note').fill('Seller banned for fraud; refunded.');
  await dialog.getByRole('button', { name: 'Settle order' }).click();
  const confirm = staffPage.getByRole('alertdialog');
  await expect(confirm).toContainText(
    `60 credits will be refunded to ${buyer.username} and 0 credits paid to ${seller.username}. This cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Settle order' }).click();
  await expect(staffPage.getByText('Order settled', { exact: true })).toBeVisible();
  await expect(staffPage.getByRole('dialog')).toHaveCount(0);
  await expect(staffPage.getByText(title)).toHaveCount(0);
  await staffPage.getByRole('button', { name: 'Refunded' }).click();
  await expect(staffPage.getByText(title)).toBeVisible();

  const buyerPage = await pageAs(browser, buyer);
  await expectBalances(buyerPage, { 'Marketplace credits': '100', 'In escrow': '0' });
});
