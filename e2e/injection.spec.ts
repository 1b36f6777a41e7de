import { randomUUID } from 'node:crypto';
import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { asUser, signInAs } from './support/social.ts';
import { createUser, type E2EUser } from './support/users.ts';

/**
 * Script and HTML in every field members write are shown as text: no dialog fires, no element is
 * injected, and the literal text is on the page. SQL metacharacters come back exactly as sent. Files
 * that are HTML or SVG under an image name are refused at upload.
 */
const marker = () => randomUUID().slice(0, 6);
const scriptPayload = (m: string) => `<img src=x onerror=alert(1)><script>alert(2)</script><b>${m}</b>`;
const SQL_TEXT = `Robert'); DROP TABLE profiles;-- "q" \\ % _ ; /* */ $1 ::text`;

/** Fails the test on any dialog (alert, confirm, prompt) the page opens. */
function watchDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return dialogs;
}

/**
 * No injected handler ran: once every image has loaded or failed (when an `onerror` would run), the page
 * raises an alert of its own, and that sentinel is the first dialog to arrive.
 */
async function expectNoDialogs(page: Page, dialogs: string[]) {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(() => alert('sentinel'));
  expect(dialogs).toEqual(['alert: sentinel']);
  dialogs.length = 0;
}

async function expectShownAsText(page: Page, text: string, dialogs: string[]) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('script:not([src])').filter({ hasText: 'alert' })).toHaveCount(0);
  await expect(page.locator('main b', { hasText: text.match(/<b>(.*)<\/b>/)?.[1] ?? '\u0000' })).toHaveCount(
    0,
  );
  await expectNoDialogs(page, dialogs);
}

async function json(res: APIResponse, status: number) {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

let author: E2EUser;
let reader: E2EUser;
test.beforeAll(async ({ request }) => {
  author = await createUser(request, 'xss_author');
  reader = await createUser(request, 'xss_reader');
});

test('a post and a comment with script and HTML are shown as text', async ({ page, request }) => {
  const post = scriptPayload(marker());
  const comment = scriptPayload(marker());
  await asUser(request, author, async () => {
    const created = await json(await request.post('/api/v1/posts', { data: { content: post } }), 201);
    await json(
      await request.post(`/api/v1/posts/${created.id}/comments`, { data: { content: comment } }),
      201,
    );
  });
  const dialogs = watchDialogs(page);
  await signInAs(page, reader, '/posts');
  await expectShownAsText(page, post, dialogs);
  const card = page.locator('article').filter({ hasText: post });
  await card.getByRole('button', { name: /^Comments/ }).click();
  await expectShownAsText(page, comment, dialogs);
});

test('a forum thread and reply with script and HTML are shown as text', async ({ page, request }) => {
  const title = `T ${scriptPayload(marker())}`;
  const content = scriptPayload(marker());
  const reply = scriptPayload(marker());
  const threadId = await asUser(request, author, async () => {
    const categories = await json(await request.get('/api/v1/forum/categories'), 200);
    const categoryId = categories.items[0].id;
    const thread = await json(
      await request.post('/api/v1/forum/threads', { data: { categoryId, title, content } }),
      201,
    );
    await json(
      await request.post(`/api/v1/forum/threads/${thread.id}/replies`, { data: { content: reply } }),
      201,
    );
    return thread.id as string;
  });
  const dialogs = watchDialogs(page);
  await page.goto(`/forum/post/${threadId}`);
  await expectShownAsText(page, title, dialogs);
  await expectShownAsText(page, content, dialogs);
  await expectShownAsText(page, reply, dialogs);
});

test('Markdown cannot smuggle script: hostile links, images, SVG and fences render inert', async ({
  page,
  request,
}) => {
  const m = marker();
  const content = [
    `[click ${m}](javascript:alert(1)) [vb](vbscript:msgbox(1)) [data](data:text/html,<script>alert(1)</script>)`,
    '![x" onerror="alert(1)](https://images.example/x.png)',
    '<svg onload=alert(1)></svg> <img src=x onerror=alert(1)>',
    `> quote\n>> <script>alert(3)</script> <b>${m}</b>`,
    '',
    '```html',
    '<img src=x onerror=alert(4)>',
    '```',
  ].join('\n');
  const threadId = await asUser(request, author, async () => {
    const categories = await json(await request.get('/api/v1/forum/categories'), 200);
    const thread = await json(
      await request.post('/api/v1/forum/threads', {
        data: { categoryId: categories.items[0].id, title: `Markdown ${m}`, content },
      }),
      201,
    );
    return thread.id as string;
  });
  const dialogs = watchDialogs(page);
  await page.goto(`/forum/post/${threadId}`);
  const article = page.getByRole('article');
  await expect(article.getByText(`<b>${m}</b>`)).toBeVisible();
  await expect(article.getByText('<img src=x onerror=alert(4)>')).toBeVisible();
  // The image is a link to its address, never loaded.
  await expect(article.getByRole('link', { name: /^Image: / })).toHaveAttribute(
    'href',
    'https://images.example/x.png',
  );
  await expect(page.locator('main img, main svg[onload], main script')).toHaveCount(0);
  // The cooked body's links (the byline's profile link is the app's own).
  const hrefs = await article
    .locator('.cooked a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.filter((h) => !/^https?:\/\//.test(h ?? ''))).toEqual([]);
  const handlers = await article
    .locator('*')
    .evaluateAll((els) => els.flatMap((el) => el.getAttributeNames().filter((n) => n.startsWith('on'))));
  expect(handlers).toEqual([]);
  await expectNoDialogs(page, dialogs);
});

test('a listing title and description with script and HTML are shown as text', async ({ page, request }) => {
  const title = `L ${scriptPayload(marker())}`;
  const description = `Description ${scriptPayload(marker())} long enough to pass the minimum length.`;
  const listingId = await asUser(request, author, async () => {
    const res = await request.post('/api/v1/listings', {
      data: {
        title,
        game: 'Counter-Strike 2',
        features: 'ESP',
        requirements: 'Windows',
        description,
        contentLink: 'https://files.example.com/x',
        price: 10,
      },
    });
    return (await json(res, 201)).id as string;
  });
  const dialogs = watchDialogs(page);
  await page.goto(`/marketplace/${listingId}`);
  await expectShownAsText(page, title, dialogs);
  await expectShownAsText(page, description, dialogs);
});

test('a profile bio with script and HTML is shown as text', async ({ page, request }) => {
  const bio = scriptPayload(marker());
  await asUser(request, author, async () => {
    await json(await request.patch('/api/v1/me', { data: { bio } }), 200);
  });
  const dialogs = watchDialogs(page);
  await page.goto(`/profile/${author.id}`);
  await expectShownAsText(page, bio, dialogs);
});

test('a direct message with script and HTML is shown as text to its recipient', async ({ page, request }) => {
  const message = scriptPayload(marker());
  await asUser(request, author, async () => {
    await json(await request.post('/api/v1/messages', { data: { recipientId: reader.id, message } }), 201);
  });
  const dialogs = watchDialogs(page);
  await signInAs(page, reader, `/messages/${author.id}`);
  await expectShownAsText(page, message, dialogs);
});

test('a ticket with script and HTML is shown as text', async ({ page, request }) => {
  const title = `Help ${scriptPayload(marker())}`;
  const message = `Details ${scriptPayload(marker())} and more words.`;
  const ticketId = await asUser(request, author, async () => {
    const res = await request.post('/api/v1/tickets', { data: { title, message } });
    return (await json(res, 201)).id as string;
  });
  const dialogs = watchDialogs(page);
  await signInAs(page, author, `/tickets/${ticketId}`);
  await expectShownAsText(page, title, dialogs);
  await expectShownAsText(page, message, dialogs);
});

test('SQL metacharacters round-trip unchanged through every text field', async ({ request }) => {
  await asUser(request, author, async () => {
    const post = await json(await request.post('/api/v1/posts', { data: { content: SQL_TEXT } }), 201);
    expect(post.content).toBe(SQL_TEXT);
    const comment = await json(
      await request.post(`/api/v1/posts/${post.id}/comments`, { data: { content: SQL_TEXT } }),
      201,
    );
    expect(comment.content).toBe(SQL_TEXT);

    const categories = await json(await request.get('/api/v1/forum/categories'), 200);
    const thread = await json(
      await request.post('/api/v1/forum/threads', {
        data: { categoryId: categories.items[0].id, title: SQL_TEXT, content: SQL_TEXT },
      }),
      201,
    );
    const readThread = await json(await request.get(`/api/v1/forum/threads/${thread.id}`), 200);
    expect(JSON.stringify(readThread)).toContain(JSON.stringify(SQL_TEXT).slice(1, -1));

    const me = await json(await request.patch('/api/v1/me', { data: { bio: SQL_TEXT } }), 200);
    expect(me.bio).toBe(SQL_TEXT);

    const dm = await json(
      await request.post('/api/v1/messages', { data: { recipientId: reader.id, message: SQL_TEXT } }),
      201,
    );
    expect(dm.message).toBe(SQL_TEXT);

    const ticket = await json(
      await request.post('/api/v1/tickets', { data: { title: SQL_TEXT, message: SQL_TEXT } }),
      201,
    );
    const readTicket = await json(await request.get(`/api/v1/tickets/${ticket.id}`), 200);
    expect(JSON.stringify(readTicket)).toContain(JSON.stringify(SQL_TEXT).slice(1, -1));

    // Search with LIKE wildcards and quotes finds the text literally and fails nothing.
    const search = await request.get(`/api/v1/search?q=${encodeURIComponent("'; DROP TABLE % _")}`);
    expect(search.status()).toBeLessThan(500);
  });
  // The tables are still there: signing in reads profiles.
  await asUser(request, reader, async () => {
    expect((await request.get('/api/v1/me')).status()).toBe(200);
  });
});

test('HTML and SVG files named as images are refused at upload', async ({ request }) => {
  const files = [
    {
      name: 'evil.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    },
    {
      name: 'evil.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ),
    },
    { name: 'evil.png', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg onload="alert(1)"/>') },
    { name: 'evil.webp', mimeType: 'image/webp', buffer: Buffer.from('<!DOCTYPE html><p>hi</p>') },
  ];
  await asUser(request, author, async () => {
    for (const file of files) {
      const res = await request.post('/api/v1/me/avatar', { multipart: { file } });
      expect(res.status(), `${file.name} as ${file.mimeType}: ${await res.text()}`).toBe(400);
    }
    const me = await json(await request.get('/api/v1/me'), 200);
    expect(me.avatarUrl ?? null).toBeNull();
  });
});
