import { expect, test } from '@playwright/test';
import { latestMailTo, linkIn } from './support/mailbox.ts';
import { createUser } from './support/users.ts';

test('a member resets a forgotten password through the emailed link', async ({ page, request }) => {
  const user = await createUser(request, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);

  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('bad-address');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent. Check your inbox.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Email sent' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();

  const mail = await latestMailTo(user.email);
  const link = linkIn(mail.text);
  expect(link).toContain('#type=recovery');
  await page.goto(link);
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Confirm New Password').fill('another-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();

  // The link works once.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('yet-another-pass');
  await page.getByLabel('Confirm New Password').fill('yet-another-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(
    page.getByText('This reset link is invalid or has expired. Please request a new one.'),
  ).toBeVisible();
});
