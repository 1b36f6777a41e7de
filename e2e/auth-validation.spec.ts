import { expect, type Page, test } from '@playwright/test';
import { createUser } from './support/users.ts';

const alerts = (page: Page) => page.getByRole('alert');

test.describe('register form', () => {
  test('shows every validation message of the spec', async ({ page, request }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    const username = page.getByLabel('Username');
    await username.fill('ab');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await username.fill('a'.repeat(21));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username must be less than 20 characters')).toBeVisible();
    await username.fill('bad name!');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('Username can only contain letters, numbers, underscores and hyphens'),
    ).toBeVisible();
    // The form puts the cursor on the first field in error twice: at once, and again on a zero-delay timer
    // (react-hook-form), which may fire after the message shows. A person never types within that moment;
    // the test lets the page's pending timers run first, or its typing follows the cursor into Username.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await expect(username).toBeFocused();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('different-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    const taken = await createUser(request, 'taken');
    await username.fill(taken.username.toUpperCase());
    await page.getByLabel('Email').fill(`new_${Date.now()}@e2e.test`);
    await page.getByLabel('Confirm Password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username is already taken').first()).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('login form', () => {
  test('shows required, invalid and wrong-password messages', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();

    const user = await createUser(request);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(alerts(page).first()).toBeVisible();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});
