import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { formatMessage } from '../contract/i18n/format.ts';
import { type Locale, locales } from '../contract/i18n/locales.ts';
import { forumUi } from '../contract/texts/forum-ui.ts';
import { asUser, seedPosts, signInAs } from './support/social.ts';
import { createUser, type E2EUser } from './support/users.ts';

/**
 * The community screens in every language (issue 41): the /posts feed and a forum thread show their headings, the
 * composer's placeholder and the reply button as the locale's catalogue has them, and `<html lang>` follows.
 * One member, one thread, one browser: the language is switched through `localStorage.locale` and a reload.
 */
const catalogues = Object.fromEntries(
  locales.map((l) => [
    l,
    JSON.parse(readFileSync(new URL(`../contract/i18n/catalogues/${l}.json`, import.meta.url), 'utf8')),
  ]),
) as Record<Locale, Record<string, string>>;

/** A text as `locale` shows it: its catalogue's message (formatted with `args`), English from en.json. */
function inLocale(locale: Locale, key: string, ...args: unknown[]): string {
  const message = catalogues[locale][key];
  if (message === undefined) throw new Error(`${locale}.json has no ${key}`);
  return formatMessage(locale, message, Object.fromEntries(args.map((a, i) => [String(i), a])));
}

let member: E2EUser;
let threadId: string;
test.beforeAll(async ({ request }) => {
  member = await createUser(request, 'langcom');
  await seedPosts(request, member, [`Community languages ${randomUUID().slice(0, 6)}`]);
  threadId = await asUser(request, member, async () => {
    const categories = (await (await request.get('/api/v1/forum/categories')).json()).items as {
      id: string;
      name: string;
    }[];
    const categoryId = categories.find((c) => c.name === 'General Discussion')!.id;
    const made = await request.post('/api/v1/forum/threads', {
      data: { categoryId, title: `Languages thread ${randomUUID().slice(0, 6)}`, content: 'Body text' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const id = (await made.json()).id as string;
    const reply = await request.post(`/api/v1/forum/threads/${id}/replies`, { data: { content: 'First!' } });
    expect(reply.status(), await reply.text()).toBe(201);
    return id;
  });
});

async function switchTo(page: Page, locale: Locale) {
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

test('the feed and a forum thread speak every language: headings, composer, reply button', async ({
  page,
}) => {
  test.slow(); // six languages, two pages each
  await signInAs(page, member, '/posts');
  for (const locale of locales) {
    const t = (key: string, ...args: unknown[]) => inLocale(locale, key, ...args);

    await page.goto('/posts');
    await switchTo(page, locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('postsUi.title'));
    const composer = page.getByRole('form', { name: t('postCardUi.newPost') });
    await expect(composer.getByRole('textbox', { name: t('postCardUi.composerLabel') })).toHaveAttribute(
      'placeholder',
      t('postCardUi.composerPlaceholder'),
    );
    await expect(composer.getByRole('button', { name: t('postCardUi.post') })).toBeVisible();
    await expect(page.getByRole('tab', { name: t('postsUi.forYou') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: t('postsUi.following') })).toBeVisible();
    await expect(
      page
        .locator('article')
        .first()
        .getByRole('button', { name: t('postCardUi.share') }),
    ).toBeVisible();

    await page.goto(`/forum/post/${threadId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // English is the source: "Replies (1)" from the function itself; the others from their ICU message.
    const replies = locale === 'en' ? forumUi.repliesTitle(1) : t('forumUi.repliesTitle', 1);
    await expect(page.getByRole('heading', { name: replies, exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: t('forumUi.replies') })).toContainText('First!');
    await expect(page.getByLabel(t('communityUi.yourReply'), { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: t('forumUi.write') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('forumUi.postReply'), exact: true })).toBeVisible();
  }
});
