import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { asUser, signInAs } from './support/social.ts';
import { createModerator, createUser } from './support/users.ts';

/** Issue 36: staff take an image down from a report; it stops loading everywhere. */

// An upload, a report and a staff browser on a shared machine.
test.describe.configure({ timeout: 90_000 });

test('a moderator deletes the image of a reported post: it no longer loads', async ({ browser, request }) => {
  const [author, reporter] = await Promise.all([
    createUser(request, 'author'),
    createUser(request, 'reporter'),
  ]);
  const text = `Look at my loot ${Date.now()}`;
  const { url, postId } = await asUser(request, author, async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    const uploaded = await request.post('/api/v1/uploads', {
      multipart: { file: { name: 'loot.png', mimeType: 'image/png', buffer: png } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const imageUrl = (await uploaded.json()).url as string;
    const post = await request.post('/api/v1/posts', { data: { content: text, imageUrl } });
    expect(post.status(), await post.text()).toBe(201);
    return { url: imageUrl, postId: (await post.json()).id as string };
  });
  const reportId = await asUser(request, reporter, async () => {
    const res = await request.post('/api/v1/reports', {
      data: { target: { type: 'post', id: postId }, reason: 'Stolen artwork' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  });
  expect((await request.get(url)).status()).toBe(200);

  const moderator = await createModerator(request);
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, moderator, '/admin/reports');
  const short = reportId.slice(0, 8);
  const row = page.getByRole('row').filter({ hasText: `#${short}` });
  const images = row.getByRole('list', { name: `Images in report ${short}` });
  const image = images.getByRole('img', { name: 'Image 1 of the reported content' });
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await row.getByRole('button', { name: `Delete image 1 of report ${short}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete image' });
  await expect(dialog).toContainText('Delete this image everywhere it is shown?');
  await dialog.getByRole('button', { name: 'Delete image' }).click();
  await expect(page.getByText('Image deleted', { exact: true })).toBeVisible();
  // The report stays for staff to decide; its content no longer shows the image.
  await expect(row).toBeVisible();
  await expect(images).toHaveCount(0);

  // Gone from /media for anyone who had not kept it: a browser that showed it may keep it up to an hour
  // (Cache-Control: max-age=3600, then it asks again with the ETag and gets the 404).
  expect((await request.get(url)).status()).toBe(404);
  const visitor = await (await browser.newContext()).newPage();
  const direct = await visitor.goto(url);
  expect(direct?.status()).toBe(404);
  // And from the post (the feed is for members: the moderator's page), which keeps its text.
  await page.goto('/posts');
  const post = page.locator(`#post-${postId}`);
  await expect(post.getByText(text)).toBeVisible({ timeout: 20_000 });
  await expect(post.locator('img[src^="/media/"]')).toHaveCount(0);
});
