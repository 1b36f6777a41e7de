import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { asUser, pageAs } from './support/social.ts';
import { createUser, type E2EUser } from './support/users.ts';

/** Issue 36 item 4: contact details off the site, in a listing (refused) and in a DM (warned, both sides). */

const warning = 'Trades outside CheatMarket have no buyer protection';

async function seedListing(request: APIRequestContext, seller: E2EUser) {
  return asUser(request, seller, async () => {
    const res = await request.post('/api/v1/listings', {
      data: {
        title: `Spoofer ${randomUUID().slice(0, 6)}`,
        game: 'Valorant',
        features: 'HWID spoofer',
        requirements: 'Windows 11',
        description: 'A well kept listing with a long enough description.',
        contentLink: 'https://files.example.com/secret-download',
        price: 40,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; title: string };
  });
}

test('a buyer sends a seller a Discord handle: both see the warning on that message, and only on it', async ({
  browser,
  request,
}) => {
  const [seller, buyer] = await Promise.all([createUser(request, 'seller'), createUser(request, 'buyer')]);
  await seedListing(request, seller);

  const s = await pageAs(browser, seller, '/messages');
  const b = await pageAs(browser, buyer, `/messages/${seller.id}`);
  const plain = `Is the spoofer still undetected? ${randomUUID().slice(0, 6)}`;
  await b.getByRole('textbox', { name: 'Message' }).fill(plain);
  await b.getByRole('textbox', { name: 'Message' }).press('Enter');
  // As a person would: the next message is typed once the first is sent (its success clears the box, which
  // would otherwise clear the next one typed while it was on its way).
  const buyerThread = b.getByRole('list', { name: 'Messages' });
  await expect(buyerThread.getByRole('listitem').filter({ hasText: plain })).toBeVisible();
  await expect(b.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  const handle = `hmu on disc0rd: zyx_trader_${randomUUID().slice(0, 4)} for a cheaper price`;
  await b.getByRole('textbox', { name: 'Message' }).fill(handle);
  await b.getByRole('textbox', { name: 'Message' }).press('Enter');

  await expect(buyerThread.getByRole('listitem').filter({ hasText: handle }).getByRole('note')).toHaveText(
    warning,
  );
  await expect(buyerThread.getByRole('listitem').filter({ hasText: plain }).getByRole('note')).toHaveCount(0);

  // The seller, on the messages page already: the conversation arrives live; the warning is on the message.
  await s
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(buyer.username) })
    .click({ timeout: 15_000 });
  const sellerThread = s.getByRole('list', { name: 'Messages' });
  await expect(sellerThread.getByRole('listitem').filter({ hasText: handle }).getByRole('note')).toHaveText(
    warning,
  );
  await expect(sellerThread.getByRole('listitem').filter({ hasText: plain })).toBeVisible();
  await expect(sellerThread.getByRole('note')).toHaveCount(1);
});

test('a listing whose description names a Telegram contact is refused on the field', async ({
  browser,
  request,
}) => {
  const seller = await createUser(request, 'seller');
  const listing = await seedListing(request, seller);
  const page = await pageAs(browser, seller, `/marketplace/edit/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Listing', level: 1 })).toBeVisible();
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.fill('Cheaper if you buy direct: telegram @fastkeys, same spoofer.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const refusal =
    "Listings can't include Discord, Telegram, email or phone contacts (found a Telegram name or link): trades outside CheatMarket have no buyer protection";
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription(refusal);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
    'A well kept listing with a long enough description.',
  );
});
