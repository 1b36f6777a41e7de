import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config.ts';
import { asUser, signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

/** Images we host (decision 023): uploaded, re-encoded, served from /media; nothing else is loaded. */

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const MEDIA = /^\/media\/[0-9a-f-]{36}\.(webp|png)$/;

/** Every <img> on the page comes from our own origin, and has loaded. */
async function expectOnlyOwnImages(page: Page) {
  const images = await page.evaluate(() =>
    Array.from(document.images, (img) => ({ src: img.src, origin: new URL(img.src, location.href).origin })),
  );
  const origin = new URL(page.url()).origin;
  expect(images.filter((i) => i.origin !== origin)).toEqual([]);
}

async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function uploadThroughApi(request: APIRequestContext, file: Buffer) {
  const res = await request.post('/api/v1/uploads', {
    multipart: { file: { name: 'card.png', mimeType: 'image/png', buffer: file } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).url as string;
}

test('a thread with a code block, a table, a quote and an image uploaded from the toolbar and pasted', async ({
  page,
  request,
}) => {
  test.slow(); // an editor chunk, two uploads and a thread page on a shared machine
  const title = `Screenshots ${randomUUID().slice(0, 6)}`;
  const author = await createUser(request, 'shots');
  await signInAs(page, author, '/forum');
  await page.getByRole('link', { name: /General Discussion/ }).click();
  await page.getByRole('button', { name: 'New Thread' }).click();
  const form = page.getByRole('dialog', { name: 'New Thread' });
  await form.getByLabel('Title').fill(title);
  const content = form.getByLabel('Content');
  await content.fill(
    [
      '> Detected after the patch',
      '',
      '| Setting | Value |',
      '|---|--:|',
      '| FOV | 90 |',
      '',
      '```cpp',
      'int fov = 90;',
      '```',
      '',
      '![not ours](https://images.example/x.png)',
      '',
    ].join('\n'),
  );

  // The toolbar's Image button opens the file picker; the upload's address goes where the caret is.
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Image' }).click();
  await (await chooser).setFiles({
    name: 'aim-settings.png',
    mimeType: 'image/png',
    buffer: await picture(640, 360, '#3b82f6'),
  });
  await expect(content).toHaveValue(/!\[aim-settings\]\(\/media\/[0-9a-f-]{36}\.(webp|png)\)\n$/);

  // Pasting an image uploads it too.
  const pasted = await picture(200, 120, '#22c55e');
  await content.evaluate((el: HTMLTextAreaElement, bytes: number[]) => {
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, Array.from(pasted));
  await expect(content).toHaveValue(/!\[pasted\]\(\/media\/[0-9a-f-]{36}\.png\)\n$/);

  await form.getByRole('button', { name: 'Post Thread' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const article = page.getByRole('article');
  await expect(article.locator('blockquote')).toHaveText('Detected after the patch');
  await expect(article.getByRole('cell', { name: '90' })).toBeVisible();
  await expect(article.getByText('cpp', { exact: true })).toBeVisible();

  const uploaded = article.getByRole('img', { name: 'aim-settings' });
  await expectLoaded(uploaded);
  expect(new URL(await uploaded.evaluate((img: HTMLImageElement) => img.src)).pathname).toMatch(MEDIA);
  await expectLoaded(article.getByRole('img', { name: 'pasted' }));
  // The external image is a link to its address, never loaded.
  await expect(article.getByRole('link', { name: 'Image: not ours' })).toHaveAttribute(
    'href',
    'https://images.example/x.png',
  );
  await expect(article.locator('img')).toHaveCount(2);
  await expectOnlyOwnImages(page);
});

test('a post gets an uploaded image from its form; an image link stays a link', async ({ page, request }) => {
  test.slow(); // an upload and two posts: past 30 s at the load averages of 20+ seen on the shared machine
  const me = await createUser(request, 'poster');
  await signInAs(page, me, '/posts');
  const form = page.getByRole('form', { name: 'New post' });
  const text = `Look at this ${randomUUID().slice(0, 6)}`;
  await form.getByLabel("What's on your mind?").fill(text);
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload image' }).click();
  await (await chooser).setFiles({
    name: 'menu.png',
    mimeType: 'image/png',
    buffer: await picture(900, 600, '#f97316'),
  });
  await expect(form.getByLabel('Image URL (optional)')).toHaveValue(MEDIA);
  await expectLoaded(form.getByRole('img', { name: 'Uploaded image' }));
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();

  const post = page.getByRole('article').filter({ hasText: text });
  const image = post.locator('img[src^="/media/"]');
  await expectLoaded(image);
  expect(new URL(await image.evaluate((img: HTMLImageElement) => img.src)).pathname).toMatch(MEDIA);

  const linked = `Linked ${randomUUID().slice(0, 6)}`;
  await form.getByLabel("What's on your mind?").fill(linked);
  await form.getByLabel('Image URL (optional)').fill('https://images.example/linked.png');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const linkedPost = page.getByRole('article').filter({ hasText: linked });
  await expect(
    linkedPost.getByRole('link', { name: 'Image: https://images.example/linked.png' }),
  ).toBeVisible();
  await expectOnlyOwnImages(page);
});

test('listing and product cards show their uploaded image; an external image is a link on the page', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const seller = await createUser(request, 'seller');
  const listingTitle = `Radar ${tag}`;
  await asUser(request, seller, async () => {
    const imageUrl = await uploadThroughApi(request, await picture(800, 500, '#a855f7'));
    const res = await request.post('/api/v1/listings', {
      data: {
        title: listingTitle,
        game: 'Valorant',
        type: 'cheat',
        detectionStatus: 'undetected',
        features: 'Radar',
        requirements: 'Windows',
        description: 'A radar with a clean overlay and no detections so far.',
        contentLink: 'https://files.example.com/radar.zip',
        price: 100,
        imageUrl,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  });
  const productTitle = `Spoofer ${tag}`;
  const signIn = await request.post('/api/auth/sign-in/email', { data: E2E_ADMIN });
  expect(signIn.status()).toBe(200);
  const product = await request.post('/api/v1/admin/products', {
    data: {
      title: productTitle,
      salesUrl: 'https://shop.example.com/spoofer',
      description: 'HWID spoofer.',
      imageUrl: 'https://images.example/spoofer.png',
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  await request.post('/api/auth/sign-out', { data: {} });

  await page.goto('/marketplace');
  await page.getByRole('searchbox', { name: 'Search listings' }).fill(listingTitle);
  const card = page.getByRole('article').filter({ hasText: listingTitle });
  const cardImage = card.locator('img').first();
  await expectLoaded(cardImage);
  expect(new URL(await cardImage.evaluate((img: HTMLImageElement) => img.src)).pathname).toMatch(MEDIA);
  await expectOnlyOwnImages(page);

  await page.goto('/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(productTitle);
  const productCard = page.getByRole('article').filter({ hasText: productTitle });
  await expect(productCard).toBeVisible();
  await expect(productCard.locator('img')).toHaveCount(0);
  await productCard.getByRole('link', { name: productTitle, exact: true }).click();
  await expect(page.getByRole('link', { name: 'Image: https://images.example/spoofer.png' })).toBeVisible();
  await expectOnlyOwnImages(page);
});
