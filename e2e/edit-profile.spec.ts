import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 140, b: 220 } } })
    .png()
    .toBuffer();

test('a member edits username and bio, uploads an avatar and sees it on the top bar', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'editor');
  await signInAs(page, user);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(user.username);

  const newName = `renamed_${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(newName);
  await page.getByLabel('Bio').fill('I write aimbots & <b>test</b> them.');
  await page.getByLabel('Avatar image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await photo(),
  });
  await expect(page.getByRole('img', { name: 'New avatar preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${user.id}$`));
  await expect(page.getByRole('heading', { name: newName })).toBeVisible();
  // The bio is shown as text, not HTML.
  await expect(page.getByText('I write aimbots & <b>test</b> them.')).toBeVisible();

  const topBarAvatar = page.getByRole('link', { name: 'Your profile' }).locator('img');
  await expect(topBarAvatar).toHaveAttribute('src', /^\/api\/v1\/avatars\/[0-9a-f-]{36}\.webp$/);
  await expect
    .poll(() => topBarAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);

  // It survives a reload: the server has it.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Your profile' }).locator('img')).toHaveAttribute(
    'src',
    /\/api\/v1\/avatars\//,
  );
  const me = await page.request.get('/api/v1/me');
  expect(await me.json()).toMatchObject({ username: newName, bio: 'I write aimbots & <b>test</b> them.' });
});

test('a file that is not an image is refused, a taken username is named, Cancel goes back', async ({
  page,
  request,
}) => {
  const [other, user] = await Promise.all([createUser(request, 'taken'), createUser(request, 'editor')]);
  await signInAs(page, user, '/edit-profile');

  await page.getByLabel('Avatar image').setInputFiles({
    name: 'sneaky.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // The server's own words, under the picker and in a toast.
  await expect(page.getByText('Please upload an image file').first()).toBeVisible();
  await expect(page).toHaveURL(/\/edit-profile$/);

  await page.getByLabel('Username').fill('ab');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();

  // Pick a real image again so the save goes on to the username check.
  await page
    .getByLabel('Avatar image')
    .setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: await photo() });
  await page.getByLabel('Username').fill(other.username.toUpperCase());
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Username is already taken').first()).toBeVisible();
  await expect(page).toHaveURL(/\/edit-profile$/);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${user.id}$`));
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
});
