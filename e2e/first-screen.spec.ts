import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

/*
 * Decision 029: index.html lists, per path, the page's chunks and the API reads of its first screen, and
 * public/boot.js starts them before the app's code has arrived; the API client then takes each response once.
 * A visitor's public page comes drawn by the server with its data instead (decision 067): no read is started.
 * These check it from the browser: each hinted read is taken by the app (none left over, none fetched
 * twice), each hinted chunk is a real file, and a response is never served twice.
 */

type Hints = Record<string, { js: string[]; data: string[] }>;

async function openCounting(page: Page, path: string) {
  const gets = new Map<string, number>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() === 'GET' && url.pathname.startsWith('/api/')) {
      const key = url.pathname + url.search;
      gets.set(key, (gets.get(key) ?? 0) + 1);
    }
  });
  const failed: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/') && res.status() !== 200)
      failed.push(`${res.status()} ${res.url()}`);
  });
  const response = await page.goto(path);
  const document = (await response?.text()) ?? '';
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Every early response has been taken by the app: the page is past its first screen.
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys((window as { __earlyResponses?: object }).__earlyResponses ?? {})),
    )
    .toEqual([]);
  const hints = JSON.parse(
    (await page.locator('#first-screen').textContent({ timeout: 1000 })) ?? '{}',
  ) as Hints;
  return { gets, failed, hints, document };
}

for (const path of ['/', '/marketplace', '/posts']) {
  test(`a visitor's ${path} arrives drawn with its data: no early read, its chunks preloaded, nothing twice`, async ({
    page,
  }) => {
    const { gets, failed, hints, document } = await openCounting(page, path);
    // The server drew the page (decision 067): the reads boot.js would start are in the page's state.
    expect(document).toContain('<html lang="en" class="dark" data-drawn>');
    await expect(page.locator('html')).not.toHaveAttribute('data-drawn');
    const hinted = [...(hints['*']?.data ?? []), ...(hints[path]?.data ?? [])];
    expect(hinted.length).toBeGreaterThanOrEqual(2);
    for (const url of hinted) expect(gets.get(url), url).toBeUndefined();
    for (const [url, count] of gets) expect(count, url).toBe(1);
    expect(hints[path]?.js.length, 'the page has chunks of its own to preload').toBeGreaterThan(0);
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    for (const file of hints[path]?.js ?? []) expect(preloaded).toContain(file);
    // The code came after the first paint (server/plugins/page-render.ts names it, boot.js starts it): the page
    // was painted without waiting for it or sharing the bandwidth with it.
    expect(document).not.toContain('<script type="module"');
    const { paint, code } = await page.evaluate(() => {
      const entry = window.document.querySelector<HTMLMetaElement>('meta[name="app-module"]')?.content ?? '';
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        code: performance.getEntriesByName(new URL(entry, location.href).href)[0]?.startTime,
      };
    });
    expect(paint).toBeGreaterThan(0);
    expect(code).toBeGreaterThanOrEqual(paint!);
    expect(failed).toEqual([]);
  });
}

for (const path of ['/', '/marketplace']) {
  test(`a member's ${path} takes each early read once`, async ({ page, request }) => {
    const member = await createUser(request, 'earlyreads');
    await signInAs(page, member);
    const { gets, failed, hints } = await openCounting(page, path);
    const hinted = [...(hints['*']?.data ?? []), ...(hints[path]?.data ?? [])];
    expect(hinted.length).toBeGreaterThanOrEqual(2);
    for (const url of hinted) expect(gets.get(url), url).toBe(1);
    // Not "nothing twice" here: a member's live notices (a sign-in alert) may refresh their bell meanwhile.
    expect(failed).toEqual([]);
  });
}

test("a member's first screen takes the early session read, and later reads of it are fresh", async ({
  page,
  request,
}) => {
  const member = await createUser(request, 'earlysess');
  await signInAs(page, member);
  // A fresh load as the member: the session read boot.js started says who is signed in.
  const { gets } = await openCounting(page, '/posts');
  expect(gets.get('/api/auth/get-session')).toBe(1);
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel("What's on your mind?")).toBeVisible();
  // Logging out reads the session again (boot.js's response was taken once): the shell turns visitor.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toHaveCount(0);
});
