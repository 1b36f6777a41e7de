import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { routes } from '../web/app/router.tsx';
import { navigateInApp } from './support/navigate.ts';
import { fillRoute, type RouteRecords, routePaths, seedRouteRecords } from './support/routes.ts';

/**
 * Runs in the `phone` (390 × 844, touch) and `tablet` (768 × 1024) projects only (playwright.config.ts).
 * Every path of the app's router, as a visitor, a member and an admin: the page never scrolls sideways, no
 * navigation label is clipped, and the end of the page is not under the bottom bar. One test per role walks every route in one signed-in page (the session is
 * made once, through the API, in that page's own cookie jar), waiting for each page's heading and data.
 */

let seed: RouteRecords;

test.beforeAll(async ({ request }) => {
  seed = await seedRouteRecords(request, 'phone');
});

/** Opens every route and collects what overflows: the page sideways, or a navigation label clipped. */
async function walk(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.goto('/');
  for (const path of [...routePaths(routes).map((p) => fillRoute(p, seed.params)), '/no-such-page']) {
    await navigateInApp(page, path);
    // The page's heading (or a signed-out page's sentence), then its data rather than its skeleton.
    await expect(page.locator('main :is(h1, p):visible').first()).toBeVisible();
    await expect(page.locator('main .animate-pulse, main [aria-busy="true"]')).toHaveCount(0);
    problems.push(...(await overflows(page)).map((p) => `${path}: ${p}`));
  }
  // The More sheet (below lg) holds the rest of the destinations: its labels must fit too.
  const more = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' });
  if (await more.isVisible()) {
    await more.click();
    await expect(page.getByRole('dialog', { name: 'More' })).toBeVisible();
    problems.push(...(await overflows(page)).map((p) => `More sheet: ${p}`));
    // Shown is not yet listening: Radix moves focus into the sheet and starts listening for Escape in the same
    // effects, which a loaded machine ran after this key (CI: the sheet stayed open, its Close button focused).
    await expect(
      page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Close' }),
    ).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'More' })).toHaveCount(0);
  }
  return problems;
}

function overflows(page: Page): Promise<string[]> {
  // The device's width, not innerWidth: a mobile browser zooms out to fit a too-wide page, which makes
  // innerWidth grow to the page's width and hides the overflow.
  const width = page.viewportSize()?.width ?? 0;
  return page.evaluate((width) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > width) {
      // Name the widest culprits so a failure says where to look.
      const wide = [...document.querySelectorAll<HTMLElement>('main *, header *, nav *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`);
      found.push(`page scrolls sideways (${root.scrollWidth} > ${width}): ${wide.join(', ')}`);
    }
    // Scrolled to the end, the page's last content sits above the fixed bottom bar, never under it.
    const bar = document.querySelector('nav[aria-label="Main"]');
    if (bar && !document.querySelector('[role="dialog"]')) {
      window.scrollTo(0, root.scrollHeight);
      const barTop = bar.getBoundingClientRect().top;
      // An element that a scrolling or clipping box cuts off ends where that box ends.
      const clipped = (el: HTMLElement, bottom: number) => {
        for (let up = el.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) {
          if (getComputedStyle(up).overflowY !== 'visible' && up.getBoundingClientRect().bottom < bottom)
            return true;
        }
        return false;
      };
      for (const el of document.querySelectorAll<HTMLElement>('main *')) {
        const box = el.getBoundingClientRect();
        if (
          box.height > 0 &&
          box.bottom > barTop + 1 &&
          getComputedStyle(el).position !== 'fixed' &&
          el.checkVisibility() &&
          !clipped(el, box.bottom)
        ) {
          found.push(`${el.tagName.toLowerCase()} ends under the bottom bar (${box.bottom} > ${barTop})`);
          break;
        }
      }
    }
    for (const el of document.querySelectorAll<HTMLElement>('nav a, nav button, [role="dialog"] a')) {
      if (el.offsetParent === null) continue;
      if (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)
        found.push(`label "${el.textContent?.trim()}" clipped (${el.scrollWidth} > ${el.clientWidth})`);
      // A bar that scrolls sideways inside itself hides items past the edge: every item must be on screen.
      const box = el.getBoundingClientRect();
      if (el.closest('nav[aria-label="Main"]') && (box.left < -1 || box.right > width + 1))
        found.push(
          `"${el.textContent?.trim()}" is off-screen (${Math.round(box.left)}–${Math.round(box.right)})`,
        );
    }
    return found;
  }, width);
}

async function signIn(page: Page, user: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('every route fits the screen for a visitor', async ({ page }) => {
  test.setTimeout(90_000);
  expect(await walk(page)).toEqual([]);
});

test('every route fits the screen for a member', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, seed.member);
  expect(await walk(page)).toEqual([]);
});

test('every route fits the screen for an admin', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_ADMIN);
  expect(await walk(page)).toEqual([]);
  // Below lg the bar has Forum and More; More leads to the admin area and closes on the way.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Forum' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin Area' })).toBeHidden();
  await nav.getByRole('button', { name: 'More' }).click();
  const sheet = page.getByRole('dialog', { name: 'More' });
  await expect(sheet.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
  await sheet.getByRole('link', { name: 'Admin Area' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});

test('the bar shows Home, Posts, Forum, Marketplace and More, and More holds every other destination', async ({
  page,
}) => {
  await signIn(page, seed.member);
  await page.goto('/');
  const width = page.viewportSize()?.width ?? 0;
  const nav = page.getByRole('navigation', { name: 'Main' });
  const inBar = ['Home', 'Posts', 'Forum', 'Marketplace'].map((name) =>
    nav.getByRole('link', { name, exact: true }),
  );
  for (const item of [...inBar, nav.getByRole('button', { name: 'More' })]) {
    await expect(item).toBeVisible();
    const box = await item.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  }
  const elsewhere: [string, string][] = [
    ['Products', '/products'],
    ['Stream', 'https://stream.example.com/support'],
    ['Messages', '/messages'],
    ['Community', 'https://chat.example.com/invite'],
    ['Support', '/tickets'],
    ['Profile', `/profile/${seed.member.id}`],
  ];
  for (const [name] of elsewhere) await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();

  await nav.getByRole('button', { name: 'More' }).click();
  const sheet = page.getByRole('dialog', { name: 'More' });
  for (const [name, href] of elsewhere)
    await expect(sheet.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  await nav.getByRole('link', { name: 'Forum', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Forum', level: 1 })).toBeVisible();
});
