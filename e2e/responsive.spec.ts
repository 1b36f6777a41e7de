import { expect, type Page, test } from '@playwright/test';
import type { RouteObject } from 'react-router';
import { E2E_ADMIN } from '../playwright.config.ts';
import { routes } from '../web/app/router.tsx';
import { navigateInApp } from './support/navigate.ts';
import { asUser } from './support/social.ts';
import { asAdmin, createUser, type E2EUser } from './support/users.ts';

/**
 * Runs in the `phone` (390 × 844, touch) and `tablet` (768 × 1024) projects only (playwright.config.ts).
 * Every path of the app's router, as a visitor, a member and an admin: the page never scrolls sideways, no
 * navigation label is clipped, and the end of the page is not under the bottom bar. One test per role walks every route in one signed-in page (the session is
 * made once, through the API, in that page's own cookie jar), waiting for each page's heading and data.
 */

/** Every path of the route tree, detail routes keeping their `:param` (filled with ids seeded below). */
function routePaths(tree: RouteObject[], prefix = ''): string[] {
  const found: string[] = [];
  for (const route of tree) {
    const here = route.path ? `${prefix.replace(/\/$/, '')}/${route.path}` : prefix || '/';
    if ((route.index || route.path) && route.path !== '*') found.push(here);
    if (route.children) found.push(...routePaths(route.children, here));
  }
  return [...new Set(found)];
}

interface Seed {
  member: E2EUser;
  params: Record<string, string>;
}
let seed: Seed;

test.beforeAll(async ({ request }) => {
  const [member, other] = await Promise.all([
    createUser(request, 'phone'),
    createUser(request, 'phone_other'),
  ]);
  const { cheatId, productId } = await asAdmin(request, async () => {
    const cheat = await request.post('/api/v1/admin/cheats', {
      data: {
        title: 'Responsive Aim Assist with a long title to wrap on a phone',
        game: 'Counter-Strike 2',
        description: 'A cheat for the responsive walk.',
        downloadUrl: 'https://files.example.com/responsive',
      },
    });
    const product = await request.post('/api/v1/admin/products', {
      data: {
        title: 'Responsive Product',
        description: 'A product for the responsive walk.',
        salesUrl: 'https://shop.example.com/responsive',
      },
    });
    const balance = await request.post(`/api/v1/admin/users/${other.id}/balance`, {
      data: { amount: 100, currency: 'credits', description: 'Credits for the responsive walk' },
    });
    for (const res of [cheat, product, balance]) expect(res.status(), await res.text()).toBeLessThan(300);
    return { cheatId: (await cheat.json()).id as string, productId: (await product.json()).id as string };
  });
  const made = await asUser(request, member, async () => {
    const post = await request.post('/api/v1/posts', { data: { content: 'A post to report on a phone' } });
    const categories = await (await request.get('/api/v1/forum/categories')).json();
    const categoryId = categories.items[0].id as string;
    const thread = await request.post('/api/v1/forum/threads', {
      // A long title, as real ones are: lists must truncate or wrap it, never widen the page.
      data: {
        categoryId,
        title: 'A thread read on a phone, with a title long enough to need truncating wherever it is listed',
        content: 'Thread content',
      },
    });
    const listing = await request.post('/api/v1/listings', {
      data: {
        title: 'Responsive listing',
        game: 'Counter-Strike 2',
        features: 'ESP',
        requirements: 'Windows',
        description: 'A listing that exists for the responsive walk.',
        contentLink: 'https://files.example.com/responsive-listing',
        price: 10,
      },
    });
    const ticket = await request.post('/api/v1/tickets', {
      data: { title: 'A ticket read on a phone', message: 'Please help on a small screen.' },
    });
    await request.post('/api/v1/messages', { data: { recipientId: other.id, message: 'Hello there' } });
    // A top-up waiting at the sandbox's checkout (on in the e2e server: no processor is configured).
    const deposit = await request.post('/api/v1/wallet/deposits', {
      data: { method: 'sandbox', credits: 500 },
    });
    for (const res of [post, thread, listing, ticket, deposit])
      expect(res.status(), await res.text()).toBe(201);
    return {
      reported: (await post.json()).id as string,
      categoryId,
      postId: (await thread.json()).id as string,
      listingId: (await listing.json()).id as string,
      ticketId: (await ticket.json()).id as string,
      depositId: (await deposit.json()).id as string,
    };
  });
  // An order and a report, so the admin's orders and reports lists have rows.
  await asUser(request, other, async () => {
    const order = await request.post(`/api/v1/listings/${made.listingId}/purchase`, {
      data: { expectedPrice: 10 },
    });
    const report = await request.post('/api/v1/reports', {
      data: { target: { type: 'post', id: made.reported }, reason: 'Spam on a phone' },
    });
    for (const res of [order, report]) expect(res.status(), await res.text()).toBe(201);
  });
  seed = { member, params: { ...made, cheatId, productId, userId: member.id } };
});

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`responsive.spec.ts has no seeded id for :${name} (${path}); add one`);
    return value;
  });
}

/** Opens every route and collects what overflows: the page sideways, or a navigation label clipped. */
async function walk(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.goto('/');
  for (const path of [...routePaths(routes).map((p) => fill(p, seed.params)), '/no-such-page']) {
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
