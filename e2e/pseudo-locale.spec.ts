import { type Browser, expect, type Page, test } from '@playwright/test';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoLocale } from '../contract/i18n/pseudo.ts';
import { E2E_ADMIN } from '../playwright.config.ts';
import { routes } from '../web/app/router.tsx';
import { navigateInApp } from './support/navigate.ts';
import { fillRoute, type RouteRecords, routePaths, seedRouteRecords } from './support/routes.ts';
import { asAdmin } from './support/users.ts';

/**
 * The pseudo-locale walk (issue 41; docs/translating.md, "The pseudo-locale walk"). Runs against the pseudo build
 * only (`npm run test:e2e:pseudo`: PSEUDO_LOCALE=1 build into dist/pseudo/web, then E2E_PSEUDO=1 playwright).
 * Every route of the router (its own table): the admin area as an admin (and its door as a member), every other
 * route as a visitor and as the member who owns the seeded records; at 1366 × 800 and 390 × 844, one browser
 * context per width (the two run side by side), moving between pages inside the app. On each page it fails on:
 * - a visible text (or placeholder) with Latin letters outside ⟦ ⟧ that is not user content (the rule below);
 * - a text that reaches past a box hiding its overflow, with no ellipsis meant for it, and a page wider than the
 *   viewport.
 *
 * User content is recognised by what this spec knows it is, never by how it looks:
 * - the texts of the records it made (seedRouteRecords' titles, contents, names and addresses; the members'
 *   names `xa_…` and the 8-digit short ids of either worker's records) and the site data it reads back through
 *   the API (the forum's categories, the sellers' ranks, the admin's name), whole or cut short with an ellipsis;
 * - an error text the API sent the page (the server speaks `locales` only, so it arrives in English);
 * - text the app marks `translate="no"` (a record's codes in the audit log, an avatar's initial, a session's
 *   device, an example address in a placeholder), text inside `<time>` (a date Intl formats for the locale) and
 *   a language named in itself (an element whose `lang` is not the page's);
 * - the words that stay English in every language (the brand, provider names, USD).
 */

const WIDTHS = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Words that stay English in every language and are not a catalogue text (docs/translating.md). */
const STAYS_ENGLISH = ['CheatMarket', 'Discord', 'Telegram', 'USD'];
/**
 * What this spec's seeding makes that differs per run: the members' names (`xa_…`, `xa_other_…`, from either
 * worker's seed: an admin list shows both) and the short ids pages show for records (8 hex digits).
 */
const MADE_HERE = /\bxa_(?:other_)?[0-9a-f]{8}(?:@e2e\.test)?\b|\b(?=[0-9a-f]*\d)[0-9a-f]{8}\b/;

let seed: RouteRecords;
let known: string[];

test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ request }) => {
  seed = await seedRouteRecords(request, 'xa');
  const categories = (await (await request.get('/api/v1/forum/categories')).json()) as {
    items: { name: string; description?: string | null }[];
  };
  // The sellers' ranks are the site's own rows (an admin names them), read as the admin reads them.
  const ranks = await asAdmin(
    request,
    async () => (await (await request.get('/api/v1/admin/ranks')).json()) as { name: string }[],
  );
  known = [
    ...seed.texts,
    ...ranks.map((r) => r.name),
    ...categories.items.flatMap((c) => [c.name, c.description ?? '']),
    E2E_ADMIN.username,
    E2E_ADMIN.email,
    ...STAYS_ENGLISH,
  ]
    .filter((t) => t.length > 0)
    .sort((a, b) => b.length - a.length);
});

interface Finding {
  untranslated: string[];
  overflow: string[];
}

/** What one page shows outside the catalogue and what does not fit (see the rules above). */
function inspect(page: Page, known: string[]): Promise<Finding> {
  const width = page.viewportSize()?.width ?? 0;
  return page.evaluate(
    ({ known, width, open, close, ids }) => {
      const lang = document.documentElement.lang;
      const untranslated: string[] = [];
      const overflow: string[] = [];
      const shown = (el: Element) =>
        el.tagName === 'OPTION'
          ? (el.closest('select')?.checkVisibility() ?? false)
          : el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const ancestors = function* (el: Element) {
        for (let up: Element | null = el; up && up !== document.documentElement; up = up.parentElement)
          yield up;
      };
      const exempt = (el: Element) =>
        el.closest('script, style, noscript, template, time, [translate="no"]') !== null ||
        [...ancestors(el)].some((a) => a.hasAttribute('lang') && a.getAttribute('lang') !== lang);
      /** Visually hidden (sr-only): read by screen readers, never drawn. */
      const hidden = (el: Element) => {
        const style = getComputedStyle(el);
        return (
          (style.clipPath !== 'none' && style.clipPath !== '') || (style.clip !== 'auto' && style.clip !== '')
        );
      };
      const named = (el: Element) => {
        const cls = String(el.getAttribute('class') ?? '')
          .split(/\s+/)
          .slice(0, 4)
          .join('.');
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
      };
      const markers = new RegExp(`${open}[^${close}]*${close}`, 'g');
      const idPattern = new RegExp(ids, 'g');
      const outside = (text: string) => {
        let rest = text.replace(markers, ' ');
        for (const value of known) rest = rest.split(value).join(' ');
        rest = rest.replace(idPattern, ' ');
        const trimmed = rest.replace(/…|\.\.\.$/g, '').trim();
        // Cut short with an ellipsis (an excerpt, a truncated title): a piece of a known value.
        if (trimmed && known.some((value) => value.includes(trimmed))) return '';
        return /[A-Za-z]/.test(rest) ? text.trim() : '';
      };

      const seen = new Set<string>();
      const clippedBy = new Set<Element>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || !shown(el) || !(node.textContent ?? '').trim()) continue;
        if (!exempt(el)) {
          const bad = outside(node.textContent ?? '');
          if (bad && !seen.has(bad)) {
            seen.add(bad);
            untranslated.push(`"${bad}" in ${named(el)}`);
          }
        }
        // Clipped: the text reaches past a box that hides its overflow, with no ellipsis meant for it.
        if ([...ancestors(el)].some(hidden)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        if (text.width === 0) continue;
        for (const box of ancestors(el)) {
          const style = getComputedStyle(box);
          if (style.overflowX === 'visible' || style.overflowX === 'auto' || style.overflowX === 'scroll')
            continue;
          if (style.textOverflow === 'ellipsis') break;
          const edge = box.getBoundingClientRect();
          const left = edge.left + box.clientLeft;
          const right = left + box.clientWidth;
          if ((text.right > right + 1 || text.left < left - 1) && !clippedBy.has(box)) {
            clippedBy.add(box);
            overflow.push(
              `"${(node.textContent ?? '').trim().slice(0, 50)}" clipped by ${named(box)} (${Math.round(text.left)}–${Math.round(text.right)} in ${Math.round(left)}–${Math.round(right)})`,
            );
          }
        }
      }
      for (const el of document.querySelectorAll<HTMLInputElement>('[placeholder]')) {
        if (!shown(el) || exempt(el)) continue;
        const bad = outside(el.placeholder);
        if (bad) untranslated.push(`placeholder "${bad}" of ${named(el)}`);
      }

      const root = document.documentElement;
      if (root.scrollWidth > width) {
        // Name the widest culprits so a failure says where to look.
        const wide = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && !hidden(el))
          .slice(-3)
          .map((el) => `${named(el)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
        overflow.push(`the page is ${root.scrollWidth} px wide: ${wide.join(', ')}`);
      }
      return { untranslated, overflow };
    },
    { known, width, open: PSEUDO_OPEN, close: PSEUDO_CLOSE, ids: MADE_HERE.source },
  );
}

/**
 * Who sees each route: the admin area as an admin (and its door as a member, who is turned away); every other
 * route as a visitor (a signed-out page, or the sign-in a member-only page sends them to) and as the member who
 * owns the records.
 */
function pathsFor(role: 'visitor' | 'member' | 'admin'): string[] {
  const all = [...routePaths(routes).map((p) => fillRoute(p, seed.params)), '/no-such-page'];
  const admin = (path: string) => path === '/admin' || path.startsWith('/admin/');
  if (role === 'admin') return all.filter(admin);
  return [...all.filter((path) => !admin(path)), ...(role === 'member' ? ['/admin'] : [])];
}

/**
 * The error texts the API sent this page: the server words them in `locales` only (decision 047), so in the
 * pseudo locale they arrive in English; exactly those texts are not the web catalogue's to check.
 */
function serverTexts(page: Page): ServerTexts {
  const texts = new Set<string>();
  const reading = new Set<Promise<void>>();
  page.on('response', (res) => {
    if (!res.url().includes('/api/') || res.status() < 400) return;
    const read: Promise<void> = res
      .json()
      .then((body) => {
        const message = body?.error?.message;
        if (typeof message === 'string') texts.add(message);
      })
      .catch(() => {})
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  // The page shows a message as soon as its answer arrives; reading the same body here takes its own time.
  return { texts, read: async () => void (await Promise.all([...reading])) };
}

interface ServerTexts {
  texts: Set<string>;
  /** Waits for the answers already received to be read (their texts in `texts`). */
  read(): Promise<void>;
}

/** Every route the role sees, in one page, client-side; the findings named by role and path. */
async function walk(
  page: Page,
  role: 'visitor' | 'member' | 'admin',
  fromServer: ServerTexts,
): Promise<string[]> {
  const problems: string[] = [];
  for (const path of pathsFor(role)) {
    await navigateInApp(page, path);
    // The page's heading (or a signed-out page's sentence), then its data rather than its skeleton.
    await expect(page.locator('main :is(h1, p):visible').first()).toBeVisible();
    await expect(page.locator('main .animate-pulse, main [aria-busy="true"]')).toHaveCount(0);
    await fromServer.read();
    const { untranslated, overflow } = await inspect(page, [...known, ...fromServer.texts]);
    problems.push(
      ...untranslated.map((p) => `${role} ${path}: not from the catalogue: ${p}`),
      ...overflow.map((p) => `${role} ${path}: ${p}`),
    );
  }
  return problems;
}

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.request.post('/api/auth/sign-out', { data: {} });
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  // A full load: the shell reads the session once.
  await page.goto('/');
  await expect(page.getByRole('link', { name: /./ }).first()).toBeVisible();
}

async function pseudoPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  // The device's choice, as the language menu stores it: the pseudo build offers the pseudo locale.
  await context.addInitScript((tag) => localStorage.setItem('locale', tag), pseudoLocale);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html'), 'is this the pseudo build (npm run build:pseudo)?').toHaveAttribute(
    'lang',
    pseudoLocale,
  );
  return page;
}

for (const viewport of WIDTHS) {
  test(`every route shows only catalogue texts that fit, at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await pseudoPage(browser, viewport);
    const fromServer = serverTexts(page);
    const problems = await walk(page, 'visitor', fromServer);
    await signIn(page, seed.member);
    problems.push(...(await walk(page, 'member', fromServer)));
    await signIn(page, E2E_ADMIN);
    problems.push(...(await walk(page, 'admin', fromServer)));
    expect(problems).toEqual([]);
  });
}
