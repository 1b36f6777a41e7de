import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { asUser, pageAs, signInAs } from './support/social.ts';
import { asAdmin, createModerator, createUser, type E2EUser } from './support/users.ts';

const base = {
  game: 'Valorant',
  features: 'Aimbot and ESP',
  requirements: 'Windows 11',
  description: 'A well kept listing with a long enough description.',
  contentLink: 'https://files.example.com/secret-download',
};

async function seedListing(
  request: APIRequestContext,
  seller: E2EUser,
  body: { title: string; price: number; type?: string; detectionStatus?: string },
) {
  return asUser(request, seller, async () => {
    const res = await request.post('/api/v1/listings', { data: { ...base, ...body } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; title: string };
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

/** A completed sale of another listing of `seller` to a new member: the buyer pays and confirms delivery. */
async function completedSale(request: APIRequestContext, seller: E2EUser) {
  const buyer = await createUser(request, 'regular');
  await grantCredits(request, buyer, 10);
  const listing = await seedListing(request, seller, {
    title: `Other sale ${randomUUID().slice(0, 6)}`,
    price: 10,
  });
  await asUser(request, buyer, async () => {
    const bought = await request.post(`/api/v1/listings/${listing.id}/purchase`, {
      data: { expectedPrice: 10 },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const { id } = (await bought.json()) as { id: string };
    const confirmed = await request.post(`/api/v1/orders/${id}/confirm`);
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  });
}

const titles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

test('browse with search, filters and sort; visitors see no Create Listing', async ({ page, request }) => {
  const seller = await createUser(request, 'seller');
  const tag = `Orb${randomUUID().slice(0, 6)}`;
  await seedListing(request, seller, { title: `${tag} Mid cheat`, price: 50 });
  await seedListing(request, seller, { title: `${tag} Cheap item`, price: 5, type: 'item' });
  await seedListing(request, seller, { title: `${tag} Dear account`, price: 900, type: 'account' });

  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Listing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('searchbox', { name: 'Search listings' }).fill(tag.toLowerCase());
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(titles(page)).toHaveText([`${tag} Dear account`, `${tag} Cheap item`, `${tag} Mid cheat`]);
  await expect(page.getByRole('article', { name: `${tag} Cheap item` }).getByText('5 Credits')).toBeVisible();

  await page.getByLabel('Sort by').selectOption('price_low');
  await expect(titles(page)).toHaveText([`${tag} Cheap item`, `${tag} Mid cheat`, `${tag} Dear account`]);
  await page.getByLabel('Sort by').selectOption('price_high');
  await expect(titles(page)).toHaveText([`${tag} Dear account`, `${tag} Mid cheat`, `${tag} Cheap item`]);

  await page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Items' }).click();
  await expect(titles(page)).toHaveText([`${tag} Cheap item`]);
  await page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Accounts' }).click();
  await expect(titles(page)).toHaveText([`${tag} Dear account`]);
  await page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Cheats' }).click();
  await expect(titles(page)).toHaveText([`${tag} Mid cheat`]);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Sold' }).click();
  await expect(page.getByText('No listings found')).toBeVisible();

  // Seller search: the seller's username finds their listings.
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'All' }).click();
  await page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'All' }).click();
  await page.getByRole('searchbox', { name: 'Search listings' }).fill(seller.username);
  await expect(page.getByRole('article')).toHaveCount(3);
});

test('a visitor on the create form is told to sign in, and lands back on the form after', async ({
  page,
  request,
}) => {
  const member = await createUser(request, 'creator');
  await page.goto('/marketplace/create');
  await expect(page.getByText('You must be logged in to create a listing')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace\/create$/);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/marketplace\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Listing', level: 1 })).toBeVisible();
});

test('create, buy as another member, content link for the buyer only, feedback and report', async ({
  browser,
  request,
}) => {
  // Three members in three browsers: longer than the default budget.
  test.setTimeout(90_000);
  const [seller, buyer, stranger] = await Promise.all([
    createUser(request, 'seller'),
    createUser(request, 'buyer'),
    createUser(request, 'stranger'),
  ]);
  await grantCredits(request, buyer, 500);
  const title = `Phantom ESP ${randomUUID().slice(0, 6)}`;

  // The seller creates a listing; a missing content link is refused first.
  const sellerPage = await pageAs(browser, seller, '/marketplace');
  await sellerPage.getByRole('link', { name: 'Create Listing' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Create Listing', level: 1 })).toBeVisible();
  await sellerPage.getByLabel('Title').fill(title);
  await sellerPage.getByLabel('Game').fill('Valorant');
  await expect(sellerPage.getByLabel('Detection Status')).toBeVisible();
  await sellerPage.getByLabel('Detection Status').selectOption('undetected');
  await sellerPage.getByLabel('Price (Credits)').fill('120');
  await sellerPage.getByLabel('Features').fill('Box ESP, health bars');
  await sellerPage.getByLabel('Requirements').fill('Windows 10 or 11');
  await sellerPage.getByLabel('Description').fill('Clean ESP with a config menu and updates.');
  await sellerPage.getByRole('button', { name: 'Create Listing' }).click();
  await expect(sellerPage.getByText('You must provide a content link for the buyer')).toBeVisible();
  await expect(sellerPage.getByText('Content link is required')).toBeVisible();
  await sellerPage.getByLabel('Content Link').fill('https://files.example.com/phantom.zip');
  await sellerPage.getByRole('button', { name: 'Create Listing' }).click();
  await expect(sellerPage.getByText('Listing created successfully')).toBeVisible();
  // Submitting again retired the last attempt's error toast (issue 15 item 7): left alone it would stay
  // 4 s, well past this wait.
  await expect(sellerPage.getByText('You must provide a content link for the buyer')).toHaveCount(0, {
    timeout: 2_500,
  });
  await expect(sellerPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(sellerPage.getByText('Undetected', { exact: true }).first()).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: 'https://files.example.com/phantom.zip' })).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(sellerPage.getByRole('button', { name: 'Report' })).toHaveCount(0);
  const url = new URL(sellerPage.url()).pathname;

  // A stranger sees no content link, and can report (an empty reason cancels).
  const strangerPage = await pageAs(browser, stranger, url);
  await expect(strangerPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(strangerPage.getByText('phantom.zip')).toHaveCount(0);
  await strangerPage.getByRole('button', { name: 'Report' }).click();
  await strangerPage.getByRole('button', { name: 'Submit Report' }).click();
  await expect(strangerPage.getByRole('dialog')).toHaveCount(0);
  await strangerPage.getByRole('button', { name: 'Report' }).click();
  await strangerPage.getByLabel('Reason').fill('Looks like a scam');
  await strangerPage.getByRole('button', { name: 'Submit Report' }).click();
  await expect(strangerPage.getByText('Report submitted successfully')).toBeVisible();

  // The buyer buys after confirming; the link appears for them.
  const buyerPage = await pageAs(browser, buyer, url);
  await expect(buyerPage.getByText('phantom.zip')).toHaveCount(0);
  await buyerPage.getByRole('button', { name: 'Buy Now' }).click();
  await expect(buyerPage.getByText('Are you sure you want to purchase this item?')).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Cancel' }).click();
  await buyerPage.getByRole('button', { name: 'Buy Now' }).click();
  await buyerPage.getByRole('button', { name: 'Buy for 120 Credits' }).click();
  await expect(buyerPage.getByText('Purchase successful!')).toBeVisible();
  await expect(buyerPage.getByRole('link', { name: 'https://files.example.com/phantom.zip' })).toBeVisible();
  // Buyer protection: the credits wait in escrow (e2e/escrow.spec.ts follows confirmations and disputes).
  await expect(
    buyerPage.getByRole('region', { name: 'Order' }).getByText('In escrow', { exact: true }),
  ).toBeVisible();
  await expect(buyerPage.getByText('Sold', { exact: true })).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);

  // Still hidden from the stranger after the sale.
  await strangerPage.reload();
  await expect(strangerPage.getByText('Sold', { exact: true })).toBeVisible();
  await expect(strangerPage.getByText('phantom.zip')).toHaveCount(0);
  await expect(strangerPage.getByRole('button', { name: 'Leave Feedback' })).toHaveCount(0);

  // Feedback comes after delivery is confirmed (decision 022), and the seller has other customers, so this
  // rating is not held back as a possible vouch ring.
  await expect(buyerPage.getByRole('button', { name: 'Leave Feedback' })).toHaveCount(0);
  await completedSale(request, seller);
  await completedSale(request, seller);
  const order = buyerPage.getByRole('region', { name: 'Order' });
  await order.getByRole('button', { name: 'Confirm delivery' }).click();
  await buyerPage.getByRole('alertdialog').getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(buyerPage.getByText('Delivery confirmed. The seller has been paid.')).toBeVisible();

  // Feedback: Cancel closes the form; submit is disabled until a rating is chosen; the form closes on success.
  await buyerPage.getByRole('button', { name: 'Leave Feedback' }).click();
  await buyerPage.getByRole('button', { name: 'Cancel' }).click();
  await buyerPage.getByRole('button', { name: 'Leave Feedback' }).click();
  await expect(buyerPage.getByRole('button', { name: 'Submit Feedback' })).toBeDisabled();
  await buyerPage.getByLabel('4 stars').check({ force: true });
  await buyerPage.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(buyerPage.getByText('Comment is required')).toBeVisible();
  await buyerPage.getByLabel('Comment').fill('Works as described');
  await buyerPage.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(buyerPage.getByText('Vouch submitted successfully')).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'Leave Feedback' })).toHaveCount(0);
  await expect(buyerPage.getByText('4.0 · 1 vouch').first()).toBeVisible();

  // Orders list for both parties.
  await buyerPage.goto('/orders');
  await expect(buyerPage.getByRole('link', { name: title })).toBeVisible();
  await sellerPage.goto('/orders');
  await expect(sellerPage.getByText(`to ${buyer.username}`)).toBeVisible();

  // The seller's profile shows the rating, the vouch count and the entry.
  await buyerPage.goto(`/profile/${seller.id}`);
  await buyerPage.getByRole('tab', { name: 'Social & Feedback' }).click();
  const entries = buyerPage.getByRole('list', { name: 'Feedback entries' });
  await expect(entries.getByText('Works as described')).toBeVisible();
  await expect(entries.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(entries.getByRole('link', { name: title })).toBeVisible();
  await expect(buyerPage.getByText('4.0 / 5.0')).toBeVisible();
});

test('the seller edits and deletes an active listing', async ({ browser, request }) => {
  const seller = await createUser(request, 'seller');
  const listing = await seedListing(request, seller, {
    title: `Editable ${randomUUID().slice(0, 6)}`,
    price: 30,
  });
  const page = await pageAs(browser, seller, `/marketplace/${listing.id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Listing', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Game')).toHaveCount(0);
  await page.getByLabel('Title').fill('abc');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Title must be at least 5 characters')).toBeVisible();
  await page.getByLabel('Title').fill(`${listing.title} v2`);
  await page.getByLabel('Price (Credits)').fill('45');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Listing updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${listing.title} v2`, level: 1 })).toBeVisible();
  await expect(page.getByText('45 Credits')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/This action cannot be undone\.$/)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Listing deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace$/);
  await page.goto(`/marketplace/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
});

test('admin marketplace: moderators are refused pin and delete; the admin pins and deletes', async ({
  browser,
  request,
}) => {
  const seller = await createUser(request, 'seller');
  const moderator = await createModerator(request);
  const tag = `Adm${randomUUID().slice(0, 6)}`;
  const listing = await seedListing(request, seller, { title: `${tag} Listing`, price: 75 });

  const modPage = await pageAs(browser, moderator, '/admin/marketplace');
  await modPage.getByRole('searchbox', { name: 'Search listings' }).fill(seller.username);
  await expect(modPage.getByRole('row', { name: new RegExp(tag) })).toBeVisible();
  await modPage.getByRole('button', { name: `Pin ${listing.title}` }).click();
  await expect(modPage.getByText('Only admins can pin/unpin listings')).toBeVisible();
  await modPage.getByRole('button', { name: `Delete ${listing.title}` }).click();
  await expect(modPage.getByText('Only admins can delete listings')).toBeVisible();

  const adminPage = await browser.newPage();
  await signInAs(
    adminPage,
    { email: 'admin@e2e.test', password: 'e2e-admin-password' },
    '/admin/marketplace',
  );
  await adminPage.getByRole('searchbox', { name: 'Search listings' }).fill(tag);
  await adminPage.getByRole('button', { name: `Pin ${listing.title}` }).click();
  await expect(adminPage.getByText('Listing pinned')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: `Unpin ${listing.title}` })).toBeVisible();
  await adminPage.goto('/marketplace');
  await expect(adminPage.getByRole('article').first().getByText('Pinned')).toBeVisible();
  await expect(adminPage.getByRole('article').first()).toHaveAccessibleName(listing.title);

  await adminPage.goto('/admin/marketplace');
  await adminPage.getByRole('searchbox', { name: 'Search listings' }).fill(tag);
  // As a person would, act on the search's result: the list settles on this listing's row alone (and the
  // header's). Deleting before the search has answered is the next test's subject.
  await expect(adminPage.getByRole('row')).toHaveCount(2);
  await adminPage.getByRole('button', { name: `Delete ${listing.title}` }).click();
  await expect(adminPage.getByRole('alertdialog')).toContainText('This action cannot be undone.');
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText('Listing deleted successfully')).toBeVisible();
  await expect(adminPage.getByText('No listings found')).toBeVisible();
});

test('admin marketplace: a listing deleted while its search is still loading does not come back', async ({
  browser,
  request,
}) => {
  const seller = await createUser(request, 'seller');
  const tag = `Race${randomUUID().slice(0, 6)}`;
  const listing = await seedListing(request, seller, { title: `${tag} Listing`, price: 75 });
  const page = await browser.newPage();
  // The page's timers are the test's: the search waits its 300 ms only when the test says so.
  await page.clock.install();
  await signInAs(page, { email: 'admin@e2e.test', password: 'e2e-admin-password' }, '/admin/marketplace');
  const search = page.getByRole('searchbox', { name: 'Search listings' });
  // Our listing alone on screen: the seller's search has answered (the unfiltered list may hold one row too).
  const sellerSearch = page.waitForResponse(
    (r) => new URL(r.url()).searchParams.get('q') === seller.username && r.ok(),
  );
  await search.fill(seller.username);
  await sellerSearch;
  await expect(page.getByRole('row')).toHaveCount(2);

  // The next search reads the list at once but answers late, as on a slow network: after the delete.
  let searchRead!: () => void;
  const read = new Promise<void>((resolve) => {
    searchRead = resolve;
  });
  let releaseSearch!: () => void;
  const released = new Promise<void>((resolve) => {
    releaseSearch = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/v1/admin/listings' && url.searchParams.get('q') === tag,
    async (route) => {
      const response = await route.fetch();
      searchRead();
      await released;
      // The app may have given up on this answer (a newer read replaced it): then there is no one to answer.
      await route.fulfill({ response }).catch(() => {});
    },
    { times: 1 },
  );
  await page.clock.pauseAt(Date.now() + 1000);
  await search.fill(tag);
  // Delete from the list on screen before the search's 300 ms are up, and confirm once the search has read.
  await page.getByRole('button', { name: `Delete ${listing.title}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('This action cannot be undone.');
  await page.clock.runFor(400);
  await read;
  await page.clock.resume();
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.ok());
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await deleted;
  releaseSearch();
  await expect(page.getByText('Listing deleted successfully')).toBeVisible();
  await expect(page.getByText('No listings found')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(0);
});
