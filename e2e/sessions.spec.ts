import { expect, test } from '@playwright/test';
import { latestMailTo } from './support/mailbox.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('settings lists my sessions and signs one out: that browser is signed out at once', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const user = await createUser(request, 'sess');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await signInAs(otherPage, user);
    await signInAs(page, user, '/profile/settings');

    const list = page.getByRole('list', { name: 'Signed-in sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    // The kind of device in words (the API sends a code), with the browser and system as the agent names them.
    await expect(mine).toContainText(/Chrome \d+ on \w+/);
    await expect(mine).toContainText('Computer');
    await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);

    const theirs = list.getByRole('listitem').filter({ hasNotText: 'This device' });
    await theirs.getByRole('button', { name: /^Sign out/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out session' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('No other sessions')).toBeVisible();

    // The other browser's next navigation to a members' page lands on sign-in.
    await otherPage.goto('/profile/settings');
    await expect(otherPage).toHaveURL(/\/login$/);
    // This one is still signed in.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('on a phone the sessions section fits and signs out all other sessions', async ({
  browser,
  request,
}) => {
  const user = await createUser(request, 'sessphone');
  const others = [await browser.newContext(), await browser.newContext()];
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    // The other browsers sign in through their own request context, which shares their cookie jar.
    for (const ctx of others) {
      const res = await ctx.request.post('/api/auth/sign-in/email', {
        data: { email: user.email, password: user.password },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const page = await phone.newPage();
    await signInAs(page, user, '/profile/settings');
    const list = page.getByRole('list', { name: 'Signed-in sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign out all other sessions' })
      .getByRole('button', { name: 'Sign out all' })
      .click();
    await expect(page.getByText('Signed out of all other sessions')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    const again = await others[0]!.newPage();
    await again.goto('/profile/settings');
    await expect(again).toHaveURL(/\/login$/);
  } finally {
    for (const ctx of [...others, phone]) await ctx.close();
  }
});

test("a sign-in from a new browser is alerted, and This wasn't me signs every session out", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const user = await createUser(request, 'notme');
  await signInAs(page, user);
  // A browser the account has never used (another browser and OS family) signs in.
  const stranger = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  try {
    const res = await stranger.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect
      .poll(async () => (await latestMailTo(user.email)).subject)
      .toBe('New sign-in to your CheatMarket account');
    const alert = await latestMailTo(user.email);
    expect(alert.text).toContain('Browser: Firefox 128 on Linux');
    const link = /https?:\/\/\S+\/security\/not-me#\S+/.exec(alert.text)![0];

    await page.goto(new URL(link).pathname + new URL(link).hash);
    await page.getByRole('button', { name: 'Sign out everywhere and reset my password' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();
    await expect(
      page.getByText('Every session of your account has been signed out and we sent a password reset link'),
    ).toBeVisible();
    await expect
      .poll(async () => (await latestMailTo(user.email)).subject)
      .toBe('Reset your CheatMarket password');
    // Both browsers are signed out.
    expect((await stranger.request.get('/api/v1/me')).status()).toBe(401);
    await page.goto('/profile/settings');
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await stranger.close();
  }
});
