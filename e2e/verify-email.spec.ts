import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { antiBotMessages } from '../contract/messages/anti-bot.ts';
import { trustMessages } from '../contract/messages/trust.ts';
import { verifyEmailMessages } from '../contract/messages/verify-email.ts';
import { latestMailTo, mailsTo, verifyLinkIn } from './support/mailbox.ts';
import { signInAs } from './support/social.ts';

test('sign up in the browser (proof of work), selling waits; verify from the mailbox, and the banner goes and selling works', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = randomUUID().slice(0, 8);
  const user = {
    username: `verify_${suffix}`,
    email: `verify_${suffix}@e2e.test`,
    password: 'verify-password-1',
  };

  // Sign-up: the browser solves the server's challenge before the form is sent.
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  const submitted = page.waitForRequest((r) => r.url().endsWith('/api/auth/sign-up/email'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect((await submitted).headers()['x-altcha'], 'the sign-up carries a solved challenge').toBeTruthy();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(antiBotMessages.solving)).toHaveCount(0);

  // Signed in, the member sees why things are locked, and can ask for the mail again.
  await signInAs(page, user, '/');
  const banner = page.getByRole('region', { name: verifyEmailMessages.bannerTitle });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(verifyEmailMessages.bannerBody);
  await expect(banner).toContainText(user.email);
  await expect.poll(() => mailsTo(user.email)?.length).toBe(1);
  await banner.getByRole('button', { name: verifyEmailMessages.resend }).click();
  await expect(page.getByText(verifyEmailMessages.resent)).toBeVisible();
  await expect.poll(() => mailsTo(user.email)?.length).toBe(2);

  // Selling waits for the address: the seller form says so and nothing is listed.
  await submitListing(page, `Unverified seller ${suffix}`);
  await expect(page.getByText(trustMessages.unverifiedSelling)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Listing', level: 1 })).toBeVisible();

  // The newest link verifies the address.
  const mail = await latestMailTo(user.email);
  expect(mail.subject).toBe('Verify your CheatMarket email address');
  await page.goto(verifyLinkIn(mail.text));
  await expect(page.getByRole('heading', { name: verifyEmailMessages.verified })).toBeVisible();
  await page.getByRole('link', { name: verifyEmailMessages.backHome }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: verifyEmailMessages.bannerTitle })).toHaveCount(0);

  // Verified, the same form creates the listing.
  const title = `Verified seller ${suffix}`;
  await submitListing(page, title);
  await expect(page.getByText('Listing created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});

/** The seller form, filled and sent as a member would. */
async function submitListing(page: Page, title: string) {
  await page.goto('/marketplace');
  await page.getByRole('link', { name: 'Create Listing' }).click();
  await expect(page.getByRole('heading', { name: 'Create Listing', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Game').fill('Valorant');
  await page.getByLabel('Detection Status').selectOption('undetected');
  await page.getByLabel('Price (Credits)').fill('120');
  await page.getByLabel('Features').fill('Box ESP, health bars');
  await page.getByLabel('Requirements').fill('Windows 10 or 11');
  await page.getByLabel('Description').fill('Clean ESP with a config menu and updates.');
  await page.getByLabel('Content Link').fill('https://files.example.com/verified.zip');
  await page.getByRole('button', { name: 'Create Listing' }).click();
}

test('a used or wrong verification link says so', async ({ page }) => {
  await page.goto('/verify-email#token=not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(verifyEmailMessages.invalidLink);
  await page.goto('/verify-email');
  await expect(page.getByRole('alert')).toHaveText(verifyEmailMessages.invalidLink);
});
