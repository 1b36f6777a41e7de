import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { asUser, pageAs } from './support/social.ts';
import { asAdmin, createUser, type E2EUser } from './support/users.ts';

/*
 * Detection alerts (issue 18 item 4): members watch a cheat listing or a cheat; when its status changes
 * every watcher sees it live in the bell, and a buyer still inside the protection window opens a dispute
 * from the alert with the reason filled in.
 */

/**
 * A signed-in page: the session comes from the API on the page's own context (its cookie is the browser's),
 * so the form's sign-in, covered by the auth specs, is not waited for three times on a busy machine.
 */

async function seedCheatListing(request: APIRequestContext, seller: E2EUser, title: string, price: number) {
  return asUser(request, seller, async () => {
    const res = await request.post('/api/v1/listings', {
      data: {
        title,
        price,
        type: 'cheat',
        detectionStatus: 'undetected',
        game: 'Valorant',
        features: 'Aimbot and ESP',
        requirements: 'Windows 11',
        description: 'A private build with a long enough description.',
        contentLink: 'https://files.example.com/alerts-download',
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

const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a watcher sees a detection alert and opens a dispute from it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [seller, buyer, watcher] = await Promise.all([
    createUser(request, 'seller'),
    createUser(request, 'buyer'),
    createUser(request, 'watcher'),
  ]);
  await grantCredits(request, buyer, 100);
  const title = `Alerted Aimbot ${randomUUID().slice(0, 6)}`;
  const listing = await seedCheatListing(request, seller, title, 60);

  // The buyer buys: they watch what they bought without asking.
  const buyerPage = await pageAs(browser, buyer, `/marketplace/${listing.id}`);
  await buyerPage.getByRole('button', { name: 'Buy Now' }).click();
  await buyerPage.getByRole('button', { name: 'Buy for 60 Credits' }).click();
  await expect(buyerPage.getByText('Purchase successful!')).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'Unwatch' })).toBeVisible();

  // Another member watches it from the listing page.
  const watcherPage = await pageAs(browser, watcher, `/marketplace/${listing.id}`);
  await watcherPage.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(watcherPage.getByText('You will be alerted when its status changes')).toBeVisible();
  await expect(watcherPage.getByRole('button', { name: 'Unwatch' })).toBeVisible();
  await expect(bellOf(buyerPage)).toHaveAccessibleName('Notifications');

  // The seller marks it detected (it is sold, and the status still changes).
  const sellerPage = await pageAs(browser, seller, `/marketplace/${listing.id}`);
  const control = sellerPage.getByRole('form', { name: 'Detection status' });
  await control.getByLabel('Detection status').selectOption('detected');
  await control.getByRole('button', { name: 'Update status' }).click();
  await expect(sellerPage.getByText('Detection status updated')).toBeVisible();

  // Both are alerted live; the watcher's alert opens the listing.
  await expect(bellOf(watcherPage)).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });
  await bellOf(watcherPage).click();
  await watcherPage.getByRole('button', { name: new RegExp(`Listing marked detected.*${title}`) }).click();
  await expect(watcherPage).toHaveURL(new RegExp(`/marketplace/${listing.id}$`));
  await expect(watcherPage.getByText('Detected', { exact: true })).toBeVisible();

  // The buyer's alert offers the dispute: one click opens it with the reason filled in, one more sends it.
  await expect(bellOf(buyerPage)).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });
  await bellOf(buyerPage).click();
  await buyerPage.getByRole('button', { name: /open a dispute in one click/ }).click();
  await expect(buyerPage).toHaveURL(/\/orders\?dispute=/);
  const orderId = new URL(buyerPage.url()).searchParams.get('dispute');
  const dialog = buyerPage.getByRole('dialog', { name: 'Open dispute' });
  await expect(dialog.getByRole('textbox', { name: 'What went wrong?' })).toHaveValue(
    'Listing marked detected: the seller marked this listing as detected during my buyer protection window.',
  );
  await dialog.getByRole('button', { name: 'Open dispute' }).click();
  await expect(buyerPage.getByText('Dispute opened. Our staff will review it.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(buyerPage).toHaveURL(/\/orders$/);
  const purchase = buyerPage.getByRole('listitem').filter({ hasText: title });
  await expect(purchase.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(purchase.getByRole('link', { name: 'View dispute' })).toBeVisible();

  // The dispute reaches staff as any other: the order waits in their queue with the reason.
  await asAdmin(request, async () => {
    const res = await request.get('/api/v1/admin/orders?status=disputed');
    const order = (await res.json()).items.find((o: { listingTitle: string }) => o.listingTitle === title);
    expect(order?.disputeReason).toContain('Listing marked detected');
  });

  // Opened again, the offer says the order can no longer be disputed.
  await buyerPage.goto(`/orders?dispute=${orderId}`);
  await expect(buyerPage.getByText('This order can no longer be disputed')).toBeVisible();
  await expect(buyerPage.getByRole('dialog', { name: 'Open dispute' })).toHaveCount(0);
});

test('a member watches a cheat on its page and sees staff change its status', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await createUser(request, 'watcher');
  const cheat = await asAdmin(request, async () => {
    const res = await request.post('/api/v1/admin/cheats', {
      data: {
        title: `Watched cheat ${randomUUID().slice(0, 6)}`,
        game: 'Counter-Strike 2',
        description: 'A cheat on the status board.',
        status: 'undetected',
        downloadUrl: 'https://files.example.com/watched.zip',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as {
      id: string;
      title: string;
      game: string;
      description: string;
      downloadUrl: string;
    };
  });
  const page = await pageAs(browser, member, `/cheats/${cheat.id}`);
  await page.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unwatch' })).toBeVisible();
  // Within the app (no reload), so the live connection the page opened is the one that hears the alert.
  await page.getByRole('link', { name: 'Back to cheats' }).click();
  // The board's card says the same, and its button is tied to the card's title.
  await page.getByRole('searchbox', { name: 'Search cheats' }).fill(cheat.title);
  const card = page.getByRole('article', { name: cheat.title });
  await expect(card.getByRole('button', { name: 'Unwatch' })).toHaveAccessibleDescription(cheat.title);

  await asAdmin(request, async () => {
    const res = await request.put(`/api/v1/admin/cheats/${cheat.id}`, {
      data: { ...cheat, status: 'detected' },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
  await expect(bellOf(page)).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });
  await bellOf(page).click();
  await page
    .getByRole('button', { name: new RegExp(`Cheat status changed.*${cheat.title} is now Detected`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cheats/${cheat.id}$`));
  await expect(page.getByRole('list', { name: 'Status timeline' })).toContainText('Detected');

  // Unwatching from the board's card: the toast, the card and the cheat's page all agree.
  await page.getByRole('link', { name: 'Back to cheats' }).click();
  await page.getByRole('searchbox', { name: 'Search cheats' }).fill(cheat.title);
  await card.getByRole('button', { name: 'Unwatch' }).click();
  await expect(page.getByText('You will no longer be alerted')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Watch', exact: true })).toBeVisible();
  await card.getByRole('link', { name: cheat.title }).click();
  // On the cheat's page, not the board it came from, whose other cards have Watch buttons of their own.
  await expect(page).toHaveURL(new RegExp(`/cheats/${cheat.id}$`));
  await expect(page.getByRole('list', { name: 'Status timeline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch', exact: true })).toBeVisible();
});
