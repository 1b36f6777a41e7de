import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { asUser, signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('reply in a watched thread and see the unread marker on the other account', async ({
  browser,
  request,
}) => {
  test.slow(); // two accounts in two browsers, and the editor's chunk
  const [alice, bob] = [await createUser(request, 'watcher'), await createUser(request, 'replier')];
  const title = `Which spoofer works ${randomUUID().slice(0, 6)}`;
  // Alice starts the thread (through the API), so she watches it.
  const { threadId, category } = await asUser(request, alice, async () => {
    const categories = (await (await request.get('/api/v1/forum/categories')).json()).items as {
      id: string;
      name: string;
    }[];
    const general = categories.find((c) => c.name === 'General Discussion')!;
    const res = await request.post('/api/v1/forum/threads', {
      data: { categoryId: general.id, title, content: 'Looking for a **spoofer** that survives updates.' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { threadId: (await res.json()).id as string, category: general };
  });

  const [aliceContext, bobContext] = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await aliceContext.newPage(), await bobContext.newPage()];
  await signInAs(a, alice);
  await signInAs(b, bob);

  // Bob opens it, watches, unwatches and watches again, and replies.
  await b.goto(`/forum/post/${threadId}`);
  await expect(b.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await b.getByRole('button', { name: 'Watch' }).click();
  await expect(b.getByText('You are watching this thread')).toBeVisible();
  await expect(b.getByRole('button', { name: 'Unwatch' })).toHaveAttribute('aria-pressed', 'true');
  const reply = `The ${randomUUID().slice(0, 6)} build survived the last patch.`;
  await b.getByLabel('Your reply').fill(reply);
  await b.getByRole('button', { name: 'Post Reply' }).click();
  await expect(b.getByRole('list', { name: 'Replies' }).getByText(reply)).toBeVisible();

  // Alice: the bell groups it, the category list counts the thread unread, the list marks it.
  const bell = a.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });
  await bell.click();
  await expect(a.getByRole('list', { name: 'Unread notifications' })).toContainText(
    `1 new reply in ${title}`,
  );
  await bell.click();
  await a.goto('/forum');
  const generalLink = a.getByRole('link', { name: new RegExp(category.name) });
  await expect(generalLink).toContainText('1 unread');
  await generalLink.click();
  const threads = a.getByRole('list', { name: 'Threads' });
  const row = threads.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('New replies')).toBeVisible();
  await expect(row).toContainText(`by ${bob.username}`);

  // The thread opens at the first unread reply, marked; Alice likes it.
  await row.getByRole('link', { name: title }).click();
  const replies = a.getByRole('list', { name: 'Replies' });
  const first = replies.getByRole('listitem').filter({ hasText: reply });
  await expect(first.getByText('First unread')).toBeVisible();
  await expect(first).toBeInViewport();
  await first.getByRole('button', { name: 'Like' }).click();
  await expect(first.getByRole('button', { name: 'Unlike' })).toContainText('1');

  // Read now: the marker, the count and the notification are gone.
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 15_000 });
  await a.goto(`/forum/c/${category.id}`);
  await expect(threads.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await expect(threads.getByRole('listitem').filter({ hasText: title }).getByText('New replies')).toHaveCount(
    0,
  );
  await a.goto('/forum');
  await expect(a.getByRole('link', { name: new RegExp(category.name) })).not.toContainText('unread');

  // Bob sees Alice's like.
  await b.reload();
  await expect(
    b
      .getByRole('list', { name: 'Replies' })
      .getByRole('listitem')
      .filter({ hasText: reply })
      .getByRole('button', {
        name: 'Like',
      }),
  ).toContainText('1');
  await aliceContext.close();
  await bobContext.close();
});
