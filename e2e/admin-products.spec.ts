import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';

test('an admin adds, edits, pins, deactivates and deletes a product', async ({ page }) => {
  const title = `Specter ${randomUUID().slice(0, 6)}`;
  await signInAs(page, E2E_ADMIN, '/admin/products');

  const menu = page.getByRole('navigation', { name: 'Admin' });
  for (const name of [
    'Return to Site',
    'Dashboard',
    'Users',
    'Products',
    'Marketplace',
    'Support Tickets',
    'Reports',
    'Settings',
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Active', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Add, with the spec's validation first.
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Sales URL is required')).toBeVisible();
  await expect(form.getByText('Description is required')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Sales URL').fill('javascript:alert(1)');
  await form.getByLabel('Description').fill('Undetected ESP with a clean overlay.');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(form.getByText('Sales URL must start with http:// or https://')).toBeVisible();
  await form.getByLabel('Sales URL').fill('https://shop.example.com/specter');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully')).toBeVisible();
  await expect(form).toBeHidden();

  // The new row is listed before the search answers: wait for the answer, whose rows replace it, so the
  // click below lands on the row that stays (in CI it once landed mid-swap and opened nothing).
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/v1/admin/products?') && new URL(r.url()).searchParams.get('q') === title,
  );
  await page.getByRole('searchbox', { name: 'Search products' }).fill(title);
  await searched;
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveCount(1);

  // Edit.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Title').fill(`${title} v2`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  const renamed = page.getByRole('row', { name: new RegExp(`${title} v2`) });
  await expect(renamed).toBeVisible();

  // Pin.
  await renamed.getByRole('button', { name: `Pin ${title} v2` }).click();
  await expect(page.getByText('Product pinned')).toBeVisible();
  await expect(renamed.getByRole('button', { name: `Unpin ${title} v2` })).toBeVisible();

  // View opens the public page.
  await renamed.getByRole('link', { name: `View ${title} v2` }).click();
  await expect(page.getByRole('heading', { name: `${title} v2`, level: 1 })).toBeVisible();
  await expect(page.getByText('Pinned', { exact: true })).toBeVisible();
  await page.goBack();

  // Deactivate: it leaves the default Active list and shows under Inactive.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(`${title} v2`);
  await page.getByRole('button', { name: `Deactivate ${title} v2` }).click();
  await expect(page.getByText('Product deactivated')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${title} v2`) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Inactive', exact: true }).click();
  const inactiveRow = page.getByRole('row', { name: new RegExp(`${title} v2`) });
  await expect(inactiveRow.getByText('Inactive')).toBeVisible();

  // Delete, after the spec's confirmation; Cancel first keeps it.
  await inactiveRow.getByRole('button', { name: `Delete ${title} v2` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this product? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(inactiveRow).toBeVisible();
  await inactiveRow.getByRole('button', { name: `Delete ${title} v2` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${title} v2`) })).toHaveCount(0);
  await expect(page.getByText('No products found')).toBeVisible();
});
