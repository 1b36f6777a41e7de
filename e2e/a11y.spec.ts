import { expect, type Page, type Request, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { loadAxe, seriousViolations, settle } from './support/axe.ts';
import { navigateInApp } from './support/navigate.ts';
import { asUser, signInAs } from './support/social.ts';
import { asAdmin, createUser, type E2EUser } from './support/users.ts';

/**
 * An axe-core scan of every screen, signed out, as a member and as an admin: no serious or critical
 * violation (WCAG 2.x A and AA rules plus axe's best practices). Then keyboard checks: Tab reaches the
 * main actions, and the focused element shows a visible focus ring.
 *
 * Each role's scan loads one document and moves between screens through the router, as the app's links do:
 * a page load and a fresh axe for each of 49 screens took 5–6 min of one CI worker, mostly Chromium
 * compiling the app and axe again (about 2.5 s a screen where the scan itself takes 0.3 s).
 */
interface Seed {
  member: E2EUser;
  other: E2EUser;
  postId: string;
  categoryId: string;
  threadId: string;
  cheatId: string;
  productId: string;
  listingId: string;
  ticketId: string;
}
let seed: Seed;

test.beforeAll(async ({ request }) => {
  const [member, other] = await Promise.all([createUser(request, 'a11y'), createUser(request, 'a11y_other')]);
  const { cheatId, productId } = await asAdmin(request, async () => {
    const cheat = await request.post('/api/v1/admin/cheats', {
      data: {
        title: 'A11y Aim Assist',
        game: 'Counter-Strike 2',
        description: 'A cheat for the accessibility scan.',
        downloadUrl: 'https://files.example.com/a11y',
      },
    });
    expect(cheat.status(), await cheat.text()).toBe(201);
    const product = await request.post('/api/v1/admin/products', {
      data: {
        title: 'A11y Product',
        description: 'A product to scan.',
        salesUrl: 'https://shop.example.com/a11y',
      },
    });
    expect(product.status(), await product.text()).toBe(201);
    return { cheatId: (await cheat.json()).id as string, productId: (await product.json()).id as string };
  });
  const seeded = await asUser(request, member, async () => {
    const post = await request.post('/api/v1/posts', { data: { content: 'An accessible post' } });
    const categories = await (await request.get('/api/v1/forum/categories')).json();
    const categoryId = categories.items[0].id as string;
    const thread = await request.post('/api/v1/forum/threads', {
      data: { categoryId, title: 'An accessible thread', content: 'Thread content' },
    });
    const listing = await request.post('/api/v1/listings', {
      data: {
        title: 'Accessible listing',
        game: 'Counter-Strike 2',
        features: 'ESP',
        requirements: 'Windows',
        description: 'A listing that exists for the accessibility scan.',
        contentLink: 'https://files.example.com/a11y-listing',
        price: 10,
      },
    });
    const ticket = await request.post('/api/v1/tickets', {
      data: { title: 'Accessible ticket', message: 'Please help with accessibility.' },
    });
    await request.post('/api/v1/messages', { data: { recipientId: other.id, message: 'Hello there' } });
    for (const res of [post, thread, listing, ticket]) expect(res.status(), await res.text()).toBe(201);
    return {
      postId: (await post.json()).id as string,
      categoryId,
      threadId: (await thread.json()).id as string,
      listingId: (await listing.json()).id as string,
      ticketId: (await ticket.json()).id as string,
    };
  });
  seed = { member, other, cheatId, productId, ...seeded };
});

const publicScreens = (s: Seed) => [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/security/not-me#token=e2e',
  '/terms',
  '/privacy',
  '/posts',
  '/forum',
  `/forum/c/${s.categoryId}`,
  `/forum/post/${s.threadId}`,
  '/cheats',
  `/cheats/${s.cheatId}`,
  '/products',
  `/products/${s.productId}`,
  '/marketplace',
  `/marketplace/${s.listingId}`,
  `/profile/${s.member.id}`,
  '/no-such-page',
];
const memberScreens = (s: Seed) => [
  '/',
  '/posts',
  '/forum',
  `/forum/post/${s.threadId}`,
  '/cheats',
  '/marketplace',
  `/marketplace/${s.listingId}`,
  '/marketplace/create',
  `/marketplace/edit/${s.listingId}`,
  '/messages',
  '/messages/new',
  `/messages/${s.other.id}`,
  `/profile/${s.member.id}`,
  '/edit-profile',
  '/profile/settings',
  '/tickets',
  '/tickets/create',
  `/tickets/${s.ticketId}`,
  '/orders',
  '/wallet',
];
const adminScreens = (s: Seed) => [
  '/admin',
  '/admin/users',
  '/admin/products',
  '/admin/marketplace',
  '/admin/orders',
  '/admin/tickets',
  `/admin/tickets/${s.ticketId}`,
  '/admin/audit-log',
  '/admin/reports',
  '/admin/review',
  '/admin/withdrawals',
  '/admin/settings',
];

/** Opens a screen in a new document and waits until its data has loaded (no request in flight). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await settle(page);
}

/**
 * Counts the page's HTTP requests in flight, so a screen reached inside the app (no new document, so no
 * load state to wait for) can still be waited on as `networkidle` does: nothing in flight for 500 ms.
 */
function trackRequests(page: Page) {
  // A set, not a counter: requests that started before the tracking began still end in it.
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (r) => {
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    await expect
      .poll(
        () =>
          inFlight.size === 0 && Date.now() - lastChange >= 500 ? 'idle' : [...inFlight].map((r) => r.url()),
        {
          intervals: [100],
        },
      )
      .toBe('idle');
  };
}

/** Goes to `path` through the router and waits until the screen's address, requests and data are done. */
async function visit(page: Page, path: string, networkIdle: () => Promise<void>) {
  await navigateInApp(page, path);
  const { pathname } = new URL(path, page.url());
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
  await networkIdle();
  await settle(page);
}

async function scan(page: Page, screens: string[]) {
  const networkIdle = trackRequests(page);
  const found: string[] = [];
  for (const [i, path] of screens.entries()) {
    if (i === 0) {
      await open(page, path);
      await loadAxe(page);
    } else {
      await visit(page, path, networkIdle);
    }
    for (const v of await seriousViolations(page)) {
      const where = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ');
      found.push(`${path}: [${v.impact}] ${v.id} (${v.help}) at ${where}`);
    }
  }
  return found;
}

test('every screen signed out has no serious or critical violation', async ({ page }) => {
  test.setTimeout(300_000);
  expect(await scan(page, publicScreens(seed))).toEqual([]);
});

test('every screen as a member has no serious or critical violation', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAs(page, seed.member);
  expect(await scan(page, memberScreens(seed))).toEqual([]);
});

test('every admin screen has no serious or critical violation', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAs(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  expect(await scan(page, adminScreens(seed))).toEqual([]);
});

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, name: RegExp, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const labels = (el as HTMLInputElement).labels;
      // innerText, not textContent: the text a person sees (hidden responsive labels left out).
      return (
        el.getAttribute('aria-label') ||
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
        (labels?.[0]?.innerText ?? '') ||
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
        el.innerText ||
        el.getAttribute('placeholder') ||
        ''
      ).trim();
    });
    if (name.test(label)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** The focused element draws a visible focus indicator: an outline or a box-shadow ring. */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle, outlineWidth: s.outlineWidth, shadow: s.boxShadow, tag: el.tagName };
  });
  const outline = style.outline !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  const ring = style.shadow !== 'none' && style.shadow !== '';
  expect(outline || ring, `no visible focus on ${style.tag}: ${JSON.stringify(style)}`).toBe(true);
}

test('keyboard: a visitor reaches the navigation and signs in by keyboard alone, with visible focus', async ({
  page,
}) => {
  await open(page, '/');
  await tabTo(page, /^Marketplace$/);
  await expectVisibleFocus(page);
  await tabTo(page, /^Login$/);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').focus();
  await expectVisibleFocus(page);
  await page.keyboard.type(seed.member.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(seed.member.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
});

test('keyboard: a member writes a post and sends a message without a mouse', async ({ page }) => {
  await signInAs(page, seed.member);
  await open(page, '/posts');
  await tabTo(page, /What's on your mind/);
  await expectVisibleFocus(page);
  await page.keyboard.type('Posted with the keyboard');
  await tabTo(page, /^Post$/, 10);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Post created successfully')).toBeVisible();

  await open(page, `/messages/${seed.other.id}`);
  await tabTo(page, /^Message$/);
  await expectVisibleFocus(page);
  await page.keyboard.type('Sent with the keyboard');
  await tabTo(page, /^Send$/, 5);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('Sent with the keyboard'),
  ).toBeVisible();
});

test('keyboard: an admin reaches the admin sections by Tab, with visible focus', async ({ page }) => {
  await signInAs(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await open(page, '/admin');
  await tabTo(page, /^Manage Users$|^Users$/);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
});
